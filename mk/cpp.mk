# The C++ interface: include/snaplayout.hpp, header-only over include/snaplayout.h (docs/CPP.md).
#
#   make test-cpp   Tests/cpp built with g++ (Debian's) and clang++ (the Swift toolchain's), each
#                   as C++17 and as C++20, under AddressSanitizer and UndefinedBehaviorSanitizer,
#                   and run against the shipped build/libsnaplayout.so.0; and the example
#                   examples-cpp/cards.cpp, its output compared with examples-cpp/cards.expected
#   make cpp-example   build/cpp/cards, the example
#
# Each test binary is two translation units: Tests/cpp/test_snaplayout.cpp (the cases) and
# Tests/cpp/second_unit.cpp, compiled with strict warnings after instantiating every template of
# the header (CPP_STRICT_*), so that users who turn them on get none from snaplayout.hpp.
# scripts/ensure-cpp-deps.sh installs g++ when it is missing.

CPP_GXX      ?= g++
# The clang++ beside swiftc (/opt/swift/usr/bin/clang++ on the development machine), with its lld.
CPP_CLANGXX  ?= $(patsubst %/,%,$(dir $(realpath $(shell command -v $(SWIFTC)))))/clang++
CPP_DIR      := $(BUILD)/cpp
CPP_VARIANTS := gxx-17 gxx-20 clangxx-17 clangxx-20
CPP_TESTS    := $(CPP_VARIANTS:%=$(CPP_DIR)/test_snaplayout-%)
CPP_FLAGS    := -O0 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all \
                -Wall -Wextra -Werror -pedantic
CPP_STRICT   := -Wconversion -Wsign-conversion -Wold-style-cast -Wnon-virtual-dtor \
                -Woverloaded-virtual -Wundef -Wcast-qual -Wzero-as-null-pointer-constant
CPP_STRICT_gxx     := $(CPP_STRICT) -Wshadow -Wuseless-cast
CPP_STRICT_clangxx := $(CPP_STRICT) -Wshadow-all -Wextra-semi
CPP_CXX_gxx        = $(CPP_GXX)
CPP_CXX_clangxx    = $(CPP_CLANGXX)
CPP_LD_clangxx     := -fuse-ld=lld
# In a recipe of $(CPP_DIR)/test_snaplayout-<compiler>-<standard>: the compiler and standard.
cpp_compiler = $(firstword $(subst -, ,$*))
cpp_standard = $(lastword $(subst -, ,$*))
# -O0: the tests are quick to run, and three times quicker to compile than at -O1.
# Leaks fail the run (LeakSanitizer); UBSan stops at the first report.
CPP_RUN_ENV  := ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=99 \
                UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

CPP_EXAMPLE  := $(CPP_DIR)/cards

.PHONY: cpp-deps cpp-example test-cpp
TEST_TARGETS += test-cpp

cpp-deps: ## install g++ when missing; check the Swift toolchain's clang++ and lld
	@CPP_GXX="$(CPP_GXX)" CPP_CLANGXX="$(CPP_CLANGXX)" scripts/ensure-cpp-deps.sh

$(CPP_DIR)/test_snaplayout-%: Tests/cpp/test_snaplayout.cpp Tests/cpp/second_unit.cpp \
                              Tests/cpp/check.hpp include/snaplayout.hpp include/snaplayout.h \
                              $(LIB) | cpp-deps
	@mkdir -p $(@D)
	$(Q)$(call say,CXX,$@)$(CPP_CXX_$(cpp_compiler)) -std=c++$(cpp_standard) $(CPP_FLAGS) \
	  $(CPP_STRICT_$(cpp_compiler)) -Iinclude -c Tests/cpp/second_unit.cpp -o $@-second.o && \
	  $(CPP_CXX_$(cpp_compiler)) -std=c++$(cpp_standard) $(CPP_FLAGS) -Iinclude -ITests/cpp \
	  Tests/cpp/test_snaplayout.cpp $@-second.o -o $@ $(CPP_LD_$(cpp_compiler)) -pthread $(LINK_LIB)

# The example as a user builds it: C++17, the compiler's defaults, strict warnings.
$(CPP_EXAMPLE): examples-cpp/cards.cpp include/snaplayout.hpp include/snaplayout.h $(LIB) | cpp-deps
	@mkdir -p $(@D)
	$(Q)$(call say,CXX,$@)$(CPP_GXX) -std=c++17 -O2 -g -Wall -Wextra -Werror -pedantic \
	  $(CPP_STRICT_gxx) -Iinclude $< -o $@ $(LINK_LIB)

cpp-example: lib $(CPP_EXAMPLE) ## build/cpp/cards, the C++ example (examples-cpp/cards.cpp)

test-cpp: lib $(CPP_TESTS) $(CPP_EXAMPLE) \
  ## the C++ header's tests: g++ and clang++, C++17 and C++20, under ASan+UBSan; the example
	@for t in $(CPP_TESTS); do \
	  $(CPP_RUN_ENV) $$t > $$t.log 2>&1 || { cat $$t.log; echo "$$t failed"; exit 1; }; \
	  tail -n 1 $$t.log; done
	@$(CPP_EXAMPLE) > $(CPP_EXAMPLE).out 2>&1 || { cat $(CPP_EXAMPLE).out; echo "$(CPP_EXAMPLE) failed"; exit 1; }
	@diff -u examples-cpp/cards.expected $(CPP_EXAMPLE).out || \
	  { echo "$(CPP_EXAMPLE): the output differs from examples-cpp/cards.expected"; exit 1; }
	@echo "$(CPP_EXAMPLE): the output is examples-cpp/cards.expected"
