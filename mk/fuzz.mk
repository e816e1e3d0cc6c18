# libFuzzer targets (docs/FUZZING.md):
#
#   make fuzz        build the fuzzers and run each for FUZZ_SECONDS (default 60) from its seed
#                    corpus; FUZZ_TARGETS=api picks some
#   make test-fuzz   replay fuzz/regressions and the seed corpora (instrumented, and against the
#                    shipped library), then fuzz each target FUZZ_CI_SECONDS (at least 60)
#
# The library is instrumented, not only the harnesses: its Swift sources are compiled in Embedded
# mode with the shipped library's flags (SWIFT_EMBEDDED_FLAGS) plus -sanitize=fuzzer,address, so
# libFuzzer sees the coverage and comparisons of the decoder and the engine (and of the Embedded
# stdlib code compiled into them); support.c gets -fsanitize=fuzzer-no-link,address,undefined.
# Unlike build/asan, these objects are linked statically into each fuzzer with the harness and
# the static runtimes (`clang -fsanitize=fuzzer,address,undefined`), not made into a
# libsnaplayout.so.0: libFuzzer's runtime is a static archive only, so a shared library's
# coverage callbacks (__sanitizer_cov_*) would be left for the executable to provide at load
# time, against the shipped --no-undefined. Linked statically, one executable holds the exact
# code that ran, needs no RUNPATH, and cannot pick up another libsnaplayout.so.0 by its SONAME.
# The harnesses call only include/snaplayout.h, as users do.
#
# Each harness also compiles with -DFUZZ_REPLAY into a plain program (its own main, no libFuzzer)
# linked to the shipped build/libsnaplayout.so: test-fuzz replays the regressions and seeds with
# it, so the promises are checked on the library users get, without any sanitizer.

FUZZ_DIR        := $(BUILD)/fuzz
FUZZ_TARGETS    ?= config api
FUZZ_SECONDS    ?= 60
FUZZ_CI_SECONDS ?= 60
# libFuzzer's limits per input: a hang, the memory of the process; FUZZ_FLAGS adds any other
# libFuzzer flag (e.g. FUZZ_FLAGS=-seed=1 or -use_value_profile=1).
FUZZ_TIMEOUT    ?= 10
FUZZ_RSS_MB     ?= 2048
FUZZ_FLAGS      ?=
# The harnesses are C programs of the ASan build's flags with libFuzzer's.
FUZZ_C_FLAGS    := -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
                   -fno-omit-frame-pointer
FUZZERS         := $(addprefix $(FUZZ_DIR)/fuzz_,$(FUZZ_TARGETS))
FUZZ_REPLAYERS  := $(addprefix $(FUZZ_DIR)/replay/fuzz_,$(FUZZ_TARGETS))
FUZZ_RUN         = SAN_CC=$(SAN_CC) SAN_SYMBOLIZER=$(SAN_SYMBOLIZER) SAN_DEMANGLE=$(SAN_DEMANGLE) \
                   FUZZ_DIR=$(FUZZ_DIR) FUZZ_TIMEOUT=$(FUZZ_TIMEOUT) FUZZ_RSS_MB=$(FUZZ_RSS_MB) \
                   FUZZ_FLAGS="$(FUZZ_FLAGS)" scripts/fuzz-run.sh

.PHONY: fuzz fuzzers fuzz-deps test-fuzz

TEST_TARGETS += test-fuzz

# The sanitizer builds' needs (scripts/ensure-sanitizer-deps.sh), and libFuzzer's runtime, which
# comes with the toolchain's compiler-rt like the sanitizers' (not from Debian: it must be of the
# LLVM of swiftc's instrumentation).
fuzz-deps: sanitizer-deps ## check the toolchain's libFuzzer runtime (and the sanitizer needs)
	@f=$$($(SAN_CC) -print-file-name=libclang_rt.fuzzer-$(SAN_ARCH).a); [ -f "$$f" ] || { \
	  echo "fuzz-deps: $(SAN_CC) has no libclang_rt.fuzzer-$(SAN_ARCH).a: use a Swift toolchain" \
	    "that ships compiler-rt's libFuzzer (lib/clang/*/lib/linux)" >&2; exit 1; }

$(FUZZ_DIR) $(FUZZ_DIR)/replay:
	mkdir -p $@

# --- the library -------------------------------------------------------------------------------

# One whole-module object of the library's Swift code, instrumented for coverage (inline 8-bit
# counters, PC table, comparisons) and ASan. Single-threaded: -num-threads would split it into
# one object per file, and the compile is ~45 s either way on two busy cores.
$(FUZZ_DIR)/snaplayout.o: $(LIB_SOURCES) $(C_HEADERS) | fuzz-deps $(FUZZ_DIR)
	$(SWIFTC) $(SWIFT_EMBEDDED_FLAGS) -sanitize=fuzzer,address -g -c -o $@ $(LIB_SOURCES)

# The flags of $(SUPPORT_OBJ), with coverage and the sanitizers.
$(FUZZ_DIR)/support.o: Sources/CSnapLayoutSupport/support.c $(C_HEADERS) | fuzz-deps $(FUZZ_DIR)
	$(SAN_CC) $(SUPPORT_CFLAGS) -g -fsanitize=fuzzer-no-link,address,undefined \
	  -fno-sanitize-recover=all -fno-omit-frame-pointer -c $< -o $@

# --- the fuzzers and their replayers -----------------------------------------------------------

fuzzers: $(FUZZERS) $(FUZZ_REPLAYERS) \
  ## build the libFuzzer targets and their replayers (build/fuzz/)

# A target's files beside fuzz/fuzz_TARGET.c (FUZZ_PARTS_TARGET) and its private headers.
FUZZ_PARTS_api := fuzz/fuzz_api_args.c fuzz/fuzz_api_ops.c fuzz/fuzz_api_changes.c \
  fuzz/fuzz_api_navigation.c
$(FUZZ_DIR)/fuzz_api $(FUZZ_DIR)/replay/fuzz_api: $(FUZZ_PARTS_api) fuzz/fuzz_api.h

$(FUZZ_DIR)/fuzz_%: fuzz/fuzz_%.c fuzz/fuzz_common.h Tests/c/utf8_check.h include/snaplayout.h $(FUZZ_DIR)/snaplayout.o \
  $(FUZZ_DIR)/support.o
	$(SAN_CC) $(C_STD) $(C_WARN) $(SAN_CFLAGS) $(FUZZ_C_FLAGS) -Iinclude $< $(FUZZ_PARTS_$*) \
	  $(FUZZ_DIR)/snaplayout.o $(FUZZ_DIR)/support.o -o $@ -fuse-ld=lld \
	  -L$(EMBEDDED) -lswiftUnicodeDataTables -ljson-c -lm

$(FUZZ_DIR)/replay/fuzz_%: fuzz/fuzz_%.c fuzz/fuzz_common.h Tests/c/utf8_check.h include/snaplayout.h $(LIB) \
  | $(FUZZ_DIR)/replay
	$(CC) $(C_STD) $(C_WARN) $(CFLAGS) -DFUZZ_REPLAY -Iinclude $< $(FUZZ_PARTS_$*) -o $@ $(LINK_LIB) -lm

# --- the runs ----------------------------------------------------------------------------------

fuzz: lib fuzzers ## fuzz each target FUZZ_SECONDS (60) from its corpus (FUZZ_TARGETS)
	@$(FUZZ_RUN) --seconds $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# Regressions and seeds first, so a known crash fails in seconds; then the fuzzing itself.
test-fuzz: lib fuzzers ## replay fuzz/regressions and the seeds, then fuzz 60 s a target
	@$(FUZZ_RUN) --replay $(FUZZ_TARGETS)
	@$(FUZZ_RUN) --seconds $(FUZZ_CI_SECONDS) $(FUZZ_TARGETS)
