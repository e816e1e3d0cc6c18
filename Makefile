# SnapLayout — build, demo and tests.
#
#   make demo    build everything and print the built-in App Store layout
#   make test    run every test (TEST_TARGETS: these and those of mk/*.mk)
#   make help    every target with one line: the `## text` that ends its rule line
#
# The shipped library is build/libsnaplayout.so (-> libsnaplayout.so.0), compiled from the same
# sources as the Swift package but in Embedded Swift mode, so it needs no Swift runtime.

SWIFTC      ?= swiftc
SWIFT       ?= swift
CC          ?= cc
CXX         ?= c++
BUILD       := build
SONAME      := libsnaplayout.so.0
LIB         := $(BUILD)/$(SONAME)
TRIPLE      := $(shell uname -m)-unknown-linux-gnu
SWIFT_RES   := $(shell $(SWIFTC) -print-target-info 2>/dev/null | sed -n 's/.*"runtimeResourcePath": "\(.*\)".*/\1/p')
EMBEDDED    := $(SWIFT_RES)/embedded/$(TRIPLE)

# Quiet recipes: a build step prints one short line ("  CC      build/minimal"); `make V=1 …`
# prints the commands instead. A recipe line starts with $(Q)$(call say,WHAT,FILE).
V ?= 0
ifeq ($(V),1)
Q   :=
say  =
else
Q   := @
say  = printf '  %-7s %s\n' '$(1)' '$(2)';
endif

# Without a Swift toolchain, stop at once with one line instead of a compiler line that cannot
# run. Only goals that build nothing (clean, help, uninstall) go on.
SL_NO_SWIFT_GOALS := clean help uninstall
ifneq ($(filter-out $(SL_NO_SWIFT_GOALS),$(or $(MAKECMDGOALS),all)),)
ifeq ($(shell command -v $(SWIFTC) 2>/dev/null),)
$(error $(SWIFTC) not found: building SnapLayout needs the Swift 6.3 toolchain for Linux (https://www.swift.org/install/linux/, then put its usr/bin on PATH or set SWIFTC=); the wheels, .deb packages and tarballs of a release need no Swift (README.md, "Install without building"))
endif
ifeq ($(wildcard $(EMBEDDED)/libswiftUnicodeDataTables.a),)
$(error $(SWIFTC) ($(shell $(SWIFTC) --version 2>/dev/null | head -n 1)) has no Embedded Swift stdlib for $(TRIPLE) ($(or $(SWIFT_RES),its resource directory)/embedded/$(TRIPLE)): SnapLayout needs the Swift 6.3 toolchain for Linux (https://www.swift.org/install/linux/); the wheels, .deb packages and tarballs of a release need no Swift)
endif
endif

LIB_SOURCES := $(wildcard Sources/SnapLayoutCore/*/*.swift) \
               $(wildcard Sources/SnapLayoutConfig/*.swift) \
               $(wildcard Sources/SnapLayout/*.swift)
C_HEADERS   := include/snaplayout.h Sources/CSnapLayoutSupport/include/support.h Sources/CJSONC/shim.h
SUPPORT_OBJ := $(BUILD)/support.o
# The shipped library's C support object; it brings its own arc4random_buf (support.c), so the
# library needs no glibc newer than its other symbols do.
SUPPORT_CFLAGS  = -std=c11 $(C_WARN) -O2 -fPIC -DSL_PROVIDE_ARC4RANDOM_BUF \
  -ffunction-sections -fdata-sections -ISources/CSnapLayoutSupport/include

# Every function in a section of its own, and the linker drops the sections no export reaches
# (LIB_GC_LDFLAGS, on every architecture): code the exports cannot call is not shipped
# (docs/PERFORMANCE.md, "Size").
SWIFT_EMBEDDED_FLAGS := -enable-experimental-feature Embedded -wmo -O -parse-as-library \
  -module-name SnapLayout -I include -I Sources/CJSONC -I Sources/CSnapLayoutSupport/include \
  -Xcc -fPIC -Xfrontend -function-sections -module-cache-path $(BUILD)/module-cache
LIB_GC_LDFLAGS := --gc-sections

# C programs (tests, examples, benchmark) link the shipped library only.
C_STD       := -std=c11 -D_POSIX_C_SOURCE=200809L
C_WARN      := -Wall -Wextra -Werror -pedantic
CFLAGS      ?= -O2 -g
# Linked by its path (its SONAME is what the program records), so that a rule needs only $(LIB).
LINK_LIB    := $(LIB) -Wl,-rpath,$(abspath $(BUILD))

C_TESTS     := $(patsubst Tests/c/%.c,$(BUILD)/tests/%,$(wildcard Tests/c/test_*.c))
EXAMPLES    := $(BUILD)/minimal $(BUILD)/snaplayout $(BUILD)/carousel
# The snaplayout tool (docs/TOOL.md): the dispatch and default command, one file per subcommand,
# what they share, the pointer locator of `check`, the drawing of `render`.
TOOL_SOURCES := examples-c/snaplayout.c examples-c/tool.c examples-c/cmd_render.c \
                examples-c/cmd_check.c examples-c/cmd_resolve.c examples-c/json_locate.c \
                examples-c/render.c
TOOL_HEADERS := examples-c/tool.h examples-c/json_locate.h examples-c/render.h
# Children a test forks (and kills) are not checked: their reports would only be noise.
VALGRIND    := valgrind --quiet --error-exitcode=99 --leak-check=full --show-leak-kinds=all \
               --errors-for-leak-kinds=all --child-silent-after-fork=yes

.PHONY: all lib deps demo help test test-deps test-swift test-c test-header test-valgrind \
        test-examples test-bench examples bench bench-peers clean rect-soak state-soak

.DEFAULT_GOAL := all

# `make test` runs these; each fragment in mk/ (Python, packaging, arm64, pictures, SDL) adds its
# own test target to TEST_TARGETS and its own files to CLEAN_FILES.
TEST_TARGETS := test-deps test-swift test-header test-c test-examples test-bench test-valgrind
CLEAN_FILES  :=
# Where `make help` finds the targets: each rule line that ends with `## text` (scripts/make-help.sh;
# mk/help.mk checks that none is missing).
HELP_MAKEFILES := Makefile $(sort $(wildcard mk/*.mk))
include $(sort $(wildcard mk/*.mk))

all: lib examples ## the library and the C examples (the default goal)

deps: ## install json-c's headers when missing (scripts/ensure-deps.sh)
	@scripts/ensure-deps.sh

lib: deps $(BUILD)/libsnaplayout.so \
  ## build/libsnaplayout.so.0, the shipped library (Embedded Swift)

$(SUPPORT_OBJ): Sources/CSnapLayoutSupport/support.c $(C_HEADERS) | $(BUILD)
	$(Q)$(call say,CC,$@)$(CC) $(SUPPORT_CFLAGS) -c $< -o $@

$(LIB): $(LIB_SOURCES) $(SUPPORT_OBJ) $(C_HEADERS) scripts/snaplayout.map | $(BUILD)
	$(Q)$(call say,SWIFTC,$@)$(SWIFTC) $(SWIFT_EMBEDDED_FLAGS) -emit-library -o $@ \
	  $(LIB_SOURCES) $(SUPPORT_OBJ) -Xlinker -soname=$(SONAME) -Xlinker --version-script=scripts/snaplayout.map \
	  -Xlinker $(LIB_GC_LDFLAGS) \
	  -Xlinker --no-undefined -Xlinker -z -Xlinker now -L$(EMBEDDED) -lswiftUnicodeDataTables -lm -ljson-c

$(BUILD)/libsnaplayout.so: $(LIB)
	$(Q)ln -sf $(SONAME) $@

$(BUILD) $(BUILD)/tests:
	$(Q)mkdir -p $@

# --- examples --------------------------------------------------------------------------------

examples: lib $(EXAMPLES) ## build/minimal, build/snaplayout and build/carousel

$(BUILD)/appstore_json.h: examples-c/appstore.json scripts/embed-text.sh | $(BUILD)
	$(Q)$(call say,GEN,$@)scripts/embed-text.sh snaplayout_default_config $< > $@

$(BUILD)/snaplayout: $(TOOL_SOURCES) $(TOOL_HEADERS) $(BUILD)/appstore_json.h include/snaplayout.h \
                    $(LIB)
	$(Q)$(call say,CC,$@)$(CC) $(C_STD) $(C_WARN) $(CFLAGS) -Iinclude -I$(BUILD) $(TOOL_SOURCES) \
	  -o $@ $(LINK_LIB)

$(BUILD)/minimal: examples-c/minimal.c include/snaplayout.h $(LIB)
	$(Q)$(call say,CC,$@)$(CC) $(C_STD) $(C_WARN) $(CFLAGS) -Iinclude $< -o $@ $(LINK_LIB)

$(BUILD)/carousel: examples-c/carousel.c include/snaplayout.h $(LIB)
	$(Q)$(call say,CC,$@)$(CC) $(C_STD) $(C_WARN) $(CFLAGS) -Iinclude $< -o $@ $(LINK_LIB)

demo: examples ## build, then print the built-in App Store layout as a table
	$(Q)$(BUILD)/snaplayout

help: ## this list: every target with one line (V=1 prints the commands)
	@echo "usage: make [V=1] [TARGET...]   (V=1 prints the commands of the build)"
	@scripts/make-help.sh $(HELP_MAKEFILES)

# --- tests -----------------------------------------------------------------------------------

test: $(TEST_TARGETS) ## every test: each target of TEST_TARGETS (CONTRIBUTING.md lists them)
	@echo "all tests passed"

test-deps: ## install what the tests need (scripts/ensure-deps.sh --test)
	@scripts/ensure-deps.sh --test

test-swift: deps ## swift test: the Swift Testing suites of the three modules
	$(SWIFT) test

# The header compiles as strict C99 and C++ (docs/C-API.md).
test-header: | $(BUILD)/tests ## the header compiles as strict C99 and C++11
	$(CC) -std=c99 $(C_WARN) -Iinclude -fsyntax-only -x c include/snaplayout.h
	$(CXX) -std=c++11 $(C_WARN) -Iinclude -fsyntax-only -x c++ include/snaplayout.h
	@# A deprecated function warns (an error under -Werror) unless SL_NO_DEPRECATED_WARNINGS.
	@printf '#include "snaplayout.h"\nint f(sl_layout *l) { return sl_layout_set_section_offset(l, 0, 1); }\n' \
	  > $(BUILD)/tests/deprecated.c
	@! $(CC) -std=c99 $(C_WARN) -Iinclude -fsyntax-only $(BUILD)/tests/deprecated.c 2>/dev/null \
	  || { echo "sl_layout_set_section_offset() is not marked deprecated"; exit 1; }
	$(CC) -std=c99 $(C_WARN) -DSL_NO_DEPRECATED_WARNINGS -Iinclude -fsyntax-only $(BUILD)/tests/deprecated.c
	$(CXX) -std=c++11 $(C_WARN) -DSL_NO_DEPRECATED_WARNINGS -Iinclude -fsyntax-only -x c++ \
	  $(BUILD)/tests/deprecated.c

$(BUILD)/tests/%: Tests/c/%.c $(wildcard Tests/c/*.h) include/snaplayout.h $(LIB) | $(BUILD)/tests
	$(Q)$(call say,CC,$@)$(CC) $(C_STD) $(C_WARN) $(CFLAGS) -Iinclude -ITests/c $< -o $@ $(LINK_LIB) \
	  -ljson-c -lpthread -lm

# The random differential check of rect queries (docs/TESTING-MODEL.md, "The rect soak"): a long
# run, not in TEST_TARGETS, and not named test_*.c so that no test rule picks it up. Exit status 1
# on a wrong answer, a crash or a hang; scenario files of failures go to SL_RECT_SOAK_DIR
# (default build/rect-soak-failures).
FIRST ?= 0
SEEDS ?= 2000
$(BUILD)/rect-soak: Tests/c/rect_soak.c Tests/c/test_support.h Tests/c/soak_random.h include/snaplayout.h $(LIB)
	$(Q)$(call say,CC,$@)$(CC) $(C_STD) $(C_WARN) $(CFLAGS) -Iinclude -ITests/c $< -o $@ $(LINK_LIB) \
	  -ljson-c -lpthread -lm

rect-soak: lib $(BUILD)/rect-soak ## random rect queries against their oracles (SEEDS, FIRST)
	$(BUILD)/rect-soak $(FIRST) $(SEEDS)

# The random differential driver of reports, data changes and queries (docs/TESTING-MODEL.md,
# "The state soak"): a long run too, not in TEST_TARGETS. Exit status 1 on a wrong answer or a
# crash; each failing seed's configuration and calls go to build/state-soak-failures/. Built at
# -O2 without GCC's SLP vectorizer: Debian's GCC 12.2 stores a conditional's inputs instead of
# its result when two adjacent fields are assigned from one branch (the driver's sizes rounded
# to single precision; docs/TESTING-MODEL.md, "The state soak"). For the driver under ASan and
# UBSan: rm build/state-soak; make state-soak STATE_SOAK_CFLAGS='-O1 -g -fsanitize=address,undefined'.
STATE_SOAK_CFLAGS := -O2 -g -fno-tree-slp-vectorize
$(BUILD)/state-soak: Tests/c/state_soak.c Tests/c/soak_random.h include/snaplayout.h $(LIB)
	$(Q)$(call say,CC,$@)$(CC) $(C_STD) $(C_WARN) $(STATE_SOAK_CFLAGS) -Iinclude -ITests/c $< -o $@ \
	  $(LINK_LIB) -ljson-c -lpthread -lm

state-soak: lib $(BUILD)/state-soak ## random reports, changes and queries, checked (SEEDS, FIRST)
	$(BUILD)/state-soak $(FIRST) $(SEEDS)

test-c: lib $(C_TESTS) ## the C tests of the shipped .so, its exports and glibc versions
	scripts/check-exports.sh
	scripts/check-glibc.sh $(LIB)
	@for t in $(C_TESTS); do echo "== $$t"; $$t || exit 1; done

test-examples: examples ## the C examples' output and exit statuses (scripts/test-examples.sh)
	scripts/test-examples.sh

# The benchmark's quick mode: it builds, and every C floor writes what the library writes.
# Timings are not judged here (PERFORMANCE.md).
test-bench: lib $(BUILD)/bench ## the benchmark's quick run: every C floor agrees (untimed)
	$(BUILD)/bench --quick >/dev/null

test-valgrind: lib $(C_TESTS) examples \
  ## the C tests and the examples under valgrind: no error, no leak
	@for t in $(C_TESTS); do echo "== valgrind $$t"; SL_TEST_QUICK=1 $(VALGRIND) $$t >/dev/null || exit 1; done
	$(VALGRIND) $(BUILD)/minimal >/dev/null
	$(VALGRIND) $(BUILD)/snaplayout --json >/dev/null
	$(VALGRIND) $(BUILD)/snaplayout >/dev/null
	$(VALGRIND) $(BUILD)/snaplayout --offset 0=5000 docs/pictures/configs/loop.json >/dev/null
	$(VALGRIND) $(BUILD)/carousel >/dev/null
	$(VALGRIND) $(BUILD)/snaplayout resolve --scroll 0 --release touch+40 --velocity 1500 \
	  --samples 9 >/dev/null
	$(VALGRIND) $(BUILD)/snaplayout resolve --json --samples 3 --velocity 900 >/dev/null
	@# check, in both formats: valid, a syntax error, unknown keys (one cut at 1,023 bytes, one
	@# 255 levels deep), a solve error, an unreadable file (exit status 2).
	for format in --json --quiet; do status=0; $(VALGRIND) $(BUILD)/snaplayout check $$format \
	  examples-c/appstore.json Tests/Hostile/syntax-missing-colon.in \
	  Tests/Hostile/string-key-40k-4-byte.in Tests/Hostile/nesting-unknown-key-255-deep.in \
	  Tests/Hostile/extreme-unsolvable-item-wider.in $(BUILD)/no-such-file >/dev/null || \
	  status=$$?; \
	  [ $$status -eq 2 ] || { echo "valgrind snaplayout check: exit status $$status"; exit 1; }; done

# --- benchmark -------------------------------------------------------------------------------

# build/bench links json-c too (its floors parse with it); build/bench-dlopen, which the bench
# starts once per repetition to time dlopen + first call, links nothing but libc. The harness
# is bench/bench.c; the layouts the scenarios build are bench/configs.c, and the memory,
# creation and query scenarios bench/memory.c, create.c and queries.c; the many-sections figures
# are bench/sections.c, scrolling bench/scrolling.c (loops bench/loops.c), self-sizing bench/self_sizing.c,
# items with sizes of their own bench/own_sizes.c (its floors bench/own_sizes_floors.c) and loading
# bench/load.c.
BENCH_SOURCES := bench/bench.c bench/configs.c bench/memory.c bench/create.c bench/queries.c \
                 bench/sections.c bench/scrolling.c bench/loops.c bench/self_sizing.c \
                 bench/own_sizes.c bench/own_sizes_floors.c bench/load.c
$(BUILD)/bench: $(BENCH_SOURCES) bench/bench.h bench/own_sizes.h include/snaplayout.h $(LIB) \
                $(BUILD)/bench-dlopen
	$(Q)$(call say,CC,$@)$(CC) $(C_STD) $(C_WARN) -O2 -g -Iinclude -Ibench $(BENCH_SOURCES) -o $@ \
	  $(LINK_LIB) -ljson-c -lm

$(BUILD)/bench-dlopen: bench/dlopen_probe.c | $(BUILD)
	$(Q)$(call say,CC,$@)$(CC) $(C_STD) $(C_WARN) -O2 -g $< -o $@ -ldl

bench: lib $(BUILD)/bench ## print the performance table (docs/PERFORMANCE.md)
	$(BUILD)/bench

# The peer engines, built from what the package registries provide (scripts/fetch-peers.sh:
# Yoga from the sources of PyPI's poga 0.1.19), timed against SnapLayout on the same items of
# their own sizes (bench/peer_yoga.c; about ten minutes, `build/bench-peers --quick` a second).
$(BUILD)/peers/libyoga.a: scripts/fetch-peers.sh | $(BUILD)
	scripts/fetch-peers.sh $(BUILD)/peers

$(BUILD)/bench-peers: bench/peer_yoga.c include/snaplayout.h $(LIB) $(BUILD)/peers/libyoga.a
	$(Q)$(call say,CC,$@)$(CC) $(C_STD) $(C_WARN) -O2 -g -Iinclude -isystem $(BUILD)/peers $< -o $@ \
	  $(BUILD)/peers/libyoga.a $(LINK_LIB) -lstdc++ -lm

bench-peers: lib $(BUILD)/bench-peers ## SnapLayout against Yoga on items of their own sizes
	$(BUILD)/bench-peers

clean: ## remove build/, .build/ and what the tests leave in the tree
	rm -rf $(BUILD) .build $(CLEAN_FILES)
