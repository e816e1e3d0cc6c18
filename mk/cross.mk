# arm64 (aarch64) Linux: the same library, cross-built in Embedded mode, and its C tests under
# qemu's user-mode emulator (docs/ARM64.md).
#
#   make cross-aarch64   build/aarch64/libsnaplayout.so.0 (+ libsnaplayout.so), then check it
#   make test-cross      the C tests and examples-c/minimal.c built for aarch64, run under qemu
#
# This toolchain has no Embedded stdlib for aarch64-unknown-linux-gnu, so the Swift sources are
# compiled for aarch64-none-none-elf (position-independent, against the arm64 glibc headers) and
# the object is linked into a Linux shared library by the aarch64 GNU toolchain. The sources, Swift
# flags, SONAME, version script and libraries are the x86_64 build's (the top-level Makefile).

AARCH64_CC       ?= aarch64-linux-gnu-gcc
# The arm64 C library headers of Debian's libc6-dev-arm64-cross; /usr/include comes after them
# (as in aarch64-linux-gnu-gcc's own search list) for json-c, whose multiarch headers are shared.
AARCH64_SYSROOT  ?= /usr/aarch64-linux-gnu
AARCH64_INCLUDE_AFTER ?= /usr/include
AARCH64_BUILD    := $(BUILD)/aarch64
AARCH64_LIB      := $(AARCH64_BUILD)/$(SONAME)
AARCH64_EMBEDDED := $(SWIFT_RES)/embedded/aarch64-none-none-elf
AARCH64_OBJECTS  := $(AARCH64_BUILD)/snaplayout.o $(AARCH64_BUILD)/support.o
AARCH64_LINK_LIB := -L$(AARCH64_BUILD) -lsnaplayout -Wl,-rpath,$(abspath $(AARCH64_BUILD))
AARCH64_TESTS    := $(patsubst Tests/c/%.c,$(AARCH64_BUILD)/tests/%,$(wildcard Tests/c/test_*.c))
# What scripts/test-cross.sh needs to know about this build.
AARCH64_SCRIPT_ENV := AARCH64_BUILD=$(AARCH64_BUILD) SONAME=$(SONAME) HOST_LIB=$(LIB)

.PHONY: cross-deps cross-aarch64 test-cross

TEST_TARGETS += test-cross

cross-deps:
	@SWIFTC=$(SWIFTC) scripts/ensure-cross-deps.sh

cross-aarch64: $(AARCH64_BUILD)/libsnaplayout.so
	@$(AARCH64_SCRIPT_ENV) scripts/test-cross.sh --check-lib

$(AARCH64_BUILD) $(AARCH64_BUILD)/tests:
	mkdir -p $@

$(AARCH64_BUILD)/snaplayout.o: $(LIB_SOURCES) $(C_HEADERS) | cross-deps $(AARCH64_BUILD)
	$(SWIFTC) $(SWIFT_EMBEDDED_FLAGS) -target aarch64-none-none-elf \
	  -Xcc -isystem -Xcc $(AARCH64_SYSROOT)/include -Xcc -idirafter -Xcc $(AARCH64_INCLUDE_AFTER) \
	  -c -o $@ $(LIB_SOURCES)

# The flags of $(SUPPORT_OBJ) in the top-level Makefile.
$(AARCH64_BUILD)/support.o: Sources/CSnapLayoutSupport/support.c $(C_HEADERS) \
  | cross-deps $(AARCH64_BUILD)
	$(AARCH64_CC) $(SUPPORT_CFLAGS) -c $< -o $@

$(AARCH64_LIB): $(AARCH64_OBJECTS) scripts/snaplayout.map
	$(AARCH64_CC) -shared -o $@ $(AARCH64_OBJECTS) \
	  -Wl,-soname=$(SONAME) -Wl,--version-script=scripts/snaplayout.map \
	  -Wl,--no-undefined -Wl,-z,now -L$(AARCH64_EMBEDDED) -lswiftUnicodeDataTables -lm -ljson-c

$(AARCH64_BUILD)/libsnaplayout.so: $(AARCH64_LIB)
	ln -sf $(SONAME) $@

# --- tests under qemu ------------------------------------------------------------------------

$(AARCH64_BUILD)/tests/%: Tests/c/%.c $(wildcard Tests/c/*.h) include/snaplayout.h $(AARCH64_LIB) \
  | cross-deps $(AARCH64_BUILD)/tests
	$(AARCH64_CC) $(C_STD) $(C_WARN) $(CFLAGS) -Iinclude -ITests/c $< -o $@ $(AARCH64_LINK_LIB) \
	  -ljson-c -lpthread

$(AARCH64_BUILD)/minimal: examples-c/minimal.c include/snaplayout.h $(AARCH64_LIB) | cross-deps
	$(AARCH64_CC) $(C_STD) $(C_WARN) $(CFLAGS) -Iinclude $< -o $@ $(AARCH64_LINK_LIB)

# The x86_64 library (lib) is built too: the exports of the two must be the same. The script
# checks the library as cross-aarch64 does before it runs anything.
test-cross: lib $(AARCH64_BUILD)/libsnaplayout.so $(AARCH64_TESTS) $(AARCH64_BUILD)/minimal
	@$(AARCH64_SCRIPT_ENV) scripts/test-cross.sh
