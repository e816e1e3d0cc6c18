# Sanitizers (docs/SANITIZERS.md): the library and its C programs built with AddressSanitizer
# (LeakSanitizer included) and UndefinedBehaviorSanitizer, and with ThreadSanitizer.
#
#   make test-asan   build/asan/: the library, every C test and the three C examples; runs the
#                    tests in full and scripts/test-examples.sh's checks on the examples
#   make test-tsan   build/tsan/: the library and the C tests that start threads, run quick
#
# The library is instrumented too. Its Swift sources are compiled in Embedded mode with the
# shipped library's flags (SWIFT_EMBEDDED_FLAGS) plus -sanitize=address or -sanitize=thread, so
# the Embedded stdlib code compiled into it, reference counting included, is instrumented as well;
# support.c gets the C flags. swiftc links no sanitizer runtime into an Embedded library, so its
# link is handed one: the shared runtime (-shared-libsan), which the library names as NEEDED and
# so keeps --no-undefined, the shipped SONAME and version script. Compiler, runtimes, ld.lld,
# llvm-symbolizer and swift-demangle are the Swift toolchain's: scripts/ensure-sanitizer-deps.sh
# checks them and installs the few Debian packages around them.

# The toolchain's directory: the clang there is of the same LLVM as swiftc's instrumentation.
SAN_BIN        := $(patsubst %/,%,$(dir $(realpath $(shell command -v $(SWIFTC)))))
SAN_CC         ?= $(SAN_BIN)/clang
SAN_SYMBOLIZER ?= $(SAN_BIN)/llvm-symbolizer
SAN_DEMANGLE   ?= $(SAN_BIN)/swift-demangle
SAN_ARCH       := $(shell uname -m)
# Where the sanitizer runtimes are; evaluated only by the link recipes.
SAN_RT_DIR      = $(patsubst %/,%,\
                    $(dir $(shell $(SAN_CC) -print-file-name=libclang_rt.asan-$(SAN_ARCH).so)))
SAN_CFLAGS     ?= -O1 -g
SAN_SWIFT_THREADS ?= 2
SAN_LDFLAGS     = -shared-libsan -fuse-ld=lld -Wl,-rpath,$(SAN_RT_DIR)

# Per build (asan, tsan): the swiftc sanitizer, the C flags, and extra libraries. The toolchain's
# TSan runtime intercepts libdispatch and needs its symbols when it loads.
SAN_SWIFT_asan := -sanitize=address
SAN_SWIFT_tsan := -sanitize=thread
SAN_C_asan     := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
SAN_C_tsan     := -fsanitize=thread -fno-omit-frame-pointer
SAN_LIBS_asan  :=
SAN_LIBS_tsan   = -L$(SWIFT_RES)/linux -Xlinker --push-state -Xlinker --no-as-needed -ldispatch \
                  -Xlinker --pop-state -Xlinker -rpath -Xlinker $(SWIFT_RES)/linux
# The test runs: every test in full under ASan (its slowdown is ~2x); the threaded tests quick
# under TSan (~5-15x; in full test_threads takes about a minute). Override on the command line,
# e.g. `make test-tsan TSAN_TEST_ENV=`.
ASAN_TEST_ENV  ?= SL_TEST_TIME_SCALE=4
TSAN_TEST_ENV  ?= SL_TEST_QUICK=1 SL_TEST_TIME_SCALE=10

SAN_DIRS       := $(BUILD)/asan $(BUILD)/tsan
ASAN_TESTS     := $(patsubst Tests/c/%.c,$(BUILD)/asan/tests/%,$(wildcard Tests/c/test_*.c))
TSAN_TESTS     := $(patsubst Tests/c/%.c,$(BUILD)/tsan/tests/%,\
                    $(shell grep -l pthread_create Tests/c/test_*.c 2>/dev/null))
ASAN_EXAMPLES  := $(BUILD)/asan/minimal $(BUILD)/asan/carousel $(BUILD)/asan/snaplayout
SAN_RUN         = SAN_SYMBOLIZER=$(SAN_SYMBOLIZER) SAN_DEMANGLE=$(SAN_DEMANGLE) \
                  scripts/test-sanitizers.sh

# $(call san_cc,KIND) compiles a C program of KIND's build; $(call san_link,KIND) links it to
# that build's library.
san_cc   = $(SAN_CC) $(C_STD) $(C_WARN) $(SAN_CFLAGS) $(SAN_C_$(1))
san_link = -L$(BUILD)/$(1) -lsnaplayout -Wl,-rpath,$(abspath $(BUILD)/$(1)) $(SAN_LDFLAGS) \
           $(SAN_LIBS_$(1))

.PHONY: sanitizer-deps test-asan test-tsan

TEST_TARGETS += test-asan test-tsan

sanitizer-deps: deps ## check the toolchain's sanitizers; install what they need
	@SWIFTC=$(SWIFTC) SAN_CC=$(SAN_CC) scripts/ensure-sanitizer-deps.sh

$(SAN_DIRS) $(addsuffix /tests,$(SAN_DIRS)):
	mkdir -p $@

# --- the library -------------------------------------------------------------------------------

# The flags of $(SUPPORT_OBJ) in the top-level Makefile, with the sanitizer's.
$(addsuffix /support.o,$(SAN_DIRS)): $(BUILD)/%/support.o: Sources/CSnapLayoutSupport/support.c \
  $(C_HEADERS) | sanitizer-deps $(BUILD)/%
	$(SAN_CC) $(SUPPORT_CFLAGS) -g $(SAN_C_$*) -c $< -o $@

# The $(LIB) rule of the top-level Makefile, with the sanitizer, debug information, LLVM's half of
# the compilation on SAN_SWIFT_THREADS threads, and the runtime passed to the link. (-g with
# -num-threads writes a module, SnapLayout-1.swiftmodule in the working directory unless placed.)
$(addsuffix /$(SONAME),$(SAN_DIRS)): $(BUILD)/%/$(SONAME): $(LIB_SOURCES) $(BUILD)/%/support.o \
  $(C_HEADERS) scripts/snaplayout.map | sanitizer-deps
	$(SWIFTC) $(SWIFT_EMBEDDED_FLAGS) $(SAN_SWIFT_$*) -g -num-threads $(SAN_SWIFT_THREADS) \
	  -emit-module-path $(BUILD)/$*/SnapLayout.swiftmodule \
	  -emit-library -o $@ $(LIB_SOURCES) $(BUILD)/$*/support.o \
	  -use-ld=lld $(addprefix -Xclang-linker ,$(SAN_C_$*) -shared-libsan) \
	  -Xlinker -soname=$(SONAME) -Xlinker --version-script=scripts/snaplayout.map \
	  -Xlinker --no-undefined -Xlinker -z -Xlinker now -Xlinker -rpath -Xlinker $(SAN_RT_DIR) \
	  -L$(EMBEDDED) -lswiftUnicodeDataTables -lm -ljson-c $(SAN_LIBS_$*)

$(addsuffix /libsnaplayout.so,$(SAN_DIRS)): $(BUILD)/%/libsnaplayout.so: $(BUILD)/%/$(SONAME)
	ln -sf $(SONAME) $@

# --- C programs --------------------------------------------------------------------------------

$(ASAN_TESTS): $(BUILD)/asan/tests/%: Tests/c/%.c $(wildcard Tests/c/*.h) include/snaplayout.h \
  $(BUILD)/asan/libsnaplayout.so | $(BUILD)/asan/tests
	$(call san_cc,asan) -Iinclude -ITests/c $< -o $@ $(call san_link,asan) -ljson-c -lpthread -lm

$(TSAN_TESTS): $(BUILD)/tsan/tests/%: Tests/c/%.c $(wildcard Tests/c/*.h) include/snaplayout.h \
  $(BUILD)/tsan/libsnaplayout.so | $(BUILD)/tsan/tests
	$(call san_cc,tsan) -Iinclude -ITests/c $< -o $@ $(call san_link,tsan) -ljson-c -lpthread -lm

$(BUILD)/asan/appstore_json.h: examples-c/appstore.json scripts/embed-text.sh | $(BUILD)/asan
	scripts/embed-text.sh snaplayout_default_config $< > $@

$(BUILD)/asan/snaplayout: $(TOOL_SOURCES) $(TOOL_HEADERS) \
  $(BUILD)/asan/appstore_json.h include/snaplayout.h $(BUILD)/asan/libsnaplayout.so
	$(call san_cc,asan) -Iinclude -I$(BUILD)/asan $(TOOL_SOURCES) -o $@ \
	  $(call san_link,asan)

$(BUILD)/asan/minimal $(BUILD)/asan/carousel: $(BUILD)/asan/%: examples-c/%.c \
  include/snaplayout.h $(BUILD)/asan/libsnaplayout.so
	$(call san_cc,asan) -Iinclude $< -o $@ $(call san_link,asan)

# --- the runs ----------------------------------------------------------------------------------

# The sanitized library stands in for the shipped one: the same exports (scripts/check-exports.sh).
test-asan: $(ASAN_TESTS) $(ASAN_EXAMPLES) \
  ## the library, C tests and examples under ASan and UBSan (build/asan)
	@scripts/check-exports.sh include/snaplayout.h $(BUILD)/asan/$(SONAME)
	@$(ASAN_TEST_ENV) $(SAN_RUN) asan $(BUILD)/asan --examples $(ASAN_TESTS)

test-tsan: $(TSAN_TESTS) $(BUILD)/tsan/libsnaplayout.so \
  ## the threaded C tests under ThreadSanitizer (build/tsan)
	@scripts/check-exports.sh include/snaplayout.h $(BUILD)/tsan/$(SONAME)
	@$(TSAN_TEST_ENV) $(SAN_RUN) tsan $(BUILD)/tsan $(TSAN_TESTS)
