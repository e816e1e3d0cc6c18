# Cross builds for three more Linux architectures: arm64 (aarch64), 32-bit Arm hard-float (armhf)
# and 64-bit RISC-V (riscv64). The same library, in Embedded mode, and its C tests under qemu's
# user-mode emulator (docs/CROSS.md).
#
#   make cross-TARGET       build/TARGET/libsnaplayout.so.0 (+ libsnaplayout.so), then check it
#   make test-cross-TARGET  the C tests and examples-c/minimal.c built for TARGET, run under qemu
#   make test-cross         all three (in `make test`)
#
# TARGET is aarch64, armhf or riscv64. The toolchain has no Embedded stdlib for the Linux triples,
# so the Swift sources are compiled for the bare-metal triple of the same CPU and ABI
# (position-independent, against the target's glibc headers) and the object is linked into a
# Linux shared library by Debian's GNU cross toolchain. The sources, Swift flags, SONAME, version
# script and libraries are the x86_64 build's (the top-level Makefile).

CROSS_TARGETS := aarch64 armhf riscv64

# Per target: the GNU triple of Debian's cross toolchain (gcc-TRIPLE, libc6-dev-ARCH-cross), the
# Embedded Swift triple, the clang flags that select the Linux ABI of that CPU, extra link flags,
# whether the toolchain's Unicode tables need a hard-float label (scripts/relabel-unicode-tables.sh)
# and where json-c comes from (empty: Debian's multiarch package, under /usr).
aarch64_GNU          := aarch64-linux-gnu
aarch64_SWIFT_TARGET := aarch64-none-none-elf
aarch64_ABI_FLAGS    :=
aarch64_LDFLAGS      :=
aarch64_RELABEL      :=
aarch64_JSONC        :=

# Debian's armhf: ARMv7-A, VFPv3-D16, floating-point arguments in VFP registers. The triple
# armv7-none-none-eabihf has no Embedded stdlib module; -mfloat-abi=hard gives the eabi one the
# hard-float calling convention. 64-bit division comes from libgcc's helpers, linked statically
# so that NEEDED stays libc, libm, libjson-c and the loader.
armhf_GNU            := arm-linux-gnueabihf
armhf_SWIFT_TARGET   := armv7-none-none-eabi
armhf_ABI_FLAGS      := -Xcc -mfloat-abi=hard -Xcc -mfpu=vfpv3-d16
armhf_LDFLAGS        := -static-libgcc
armhf_RELABEL        := yes
armhf_JSONC          :=

# Debian's riscv64: RV64GC, the lp64d ABI (double-precision arguments in FP registers). Debian 12
# has no riscv64 port, so json-c is built from Debian's source package by scripts/build-json-c.sh.
riscv64_GNU          := riscv64-linux-gnu
riscv64_SWIFT_TARGET := riscv64-none-none-eabi
riscv64_ABI_FLAGS    := -Xcc -march=rv64gc -Xcc -mabi=lp64d
riscv64_LDFLAGS      :=
riscv64_RELABEL      := yes
riscv64_JSONC        := $(BUILD)/riscv64/json-c

.PHONY: cross-deps test-cross

TEST_TARGETS += test-cross

# Everything every target needs; each target's rules ask for their own part only.
cross-deps: ## install the cross compilers, C libraries and qemu for every target
	@SWIFTC=$(SWIFTC) scripts/ensure-cross-deps.sh $(CROSS_TARGETS)

cross_comma := ,

# The rules of one target; $(1) is its name. Variables end up as $(1)_BUILD, $(1)_LIB…
define cross_rules
$(1)_CC        ?= $$($(1)_GNU)-gcc
$(1)_BUILD     := $$(BUILD)/$(1)
$(1)_LIB       := $$($(1)_BUILD)/$$(SONAME)
$(1)_OBJECTS   := $$($(1)_BUILD)/snaplayout.o $$($(1)_BUILD)/support.o
$(1)_EMBEDDED  := $$(SWIFT_RES)/embedded/$$($(1)_SWIFT_TARGET)
$(1)_UNICODE   := $$(if $$($(1)_RELABEL),$$($(1)_BUILD)/unicode,$$($(1)_EMBEDDED))
# The target's glibc headers; /usr/include after them (as in the cross gcc's own search list)
# for json-c's headers, which Debian shares between architectures.
$(1)_INCLUDES  := -Xcc -isystem -Xcc /usr/$$($(1)_GNU)/include \
  $$(if $$($(1)_JSONC),-Xcc -isystem -Xcc $$($(1)_JSONC)/include) -Xcc -idirafter -Xcc /usr/include
$(1)_JSONC_LIB := $$(if $$($(1)_JSONC),$$($(1)_JSONC)/lib/libjson-c.so)
$(1)_JSONC_LDFLAGS := $$(if $$($(1)_JSONC),-L$$($(1)_JSONC)/lib)
# Test programs find the library in the build tree (an rpath), and json-c of our own when
# linking (-rpath-link) and under qemu (LD_LIBRARY_PATH: an rpath would not reach a library's
# own dependencies).
$(1)_LINK_LIB  := -L$$($(1)_BUILD) -lsnaplayout -Wl,-rpath,$$(abspath $$($(1)_BUILD)) \
  $$($(1)_JSONC_LDFLAGS) \
  $$(if $$($(1)_JSONC),-Wl$$(cross_comma)-rpath-link$$(cross_comma)$$($(1)_JSONC)/lib)
$(1)_TESTS     := $$(patsubst Tests/c/%.c,$$($(1)_BUILD)/tests/%,$$(wildcard Tests/c/test_*.c))
# What scripts/test-cross.sh needs to know about this build.
$(1)_SCRIPT_ENV := CROSS_BUILD=$$($(1)_BUILD) SONAME=$$(SONAME) HOST_LIB=$$(LIB) \
  $$(if $$($(1)_JSONC),CROSS_LIBRARY_PATH=$$(abspath $$($(1)_JSONC)/lib))

.PHONY: cross-$(1) cross-deps-$(1) test-cross-$(1)

test-cross: test-cross-$(1) ## test-cross-TARGET for aarch64, armhf and riscv64

cross-deps-$(1): ## install the cross toolchain of TARGET (aarch64, armhf, riscv64)
	@SWIFTC=$$(SWIFTC) scripts/ensure-cross-deps.sh $(1)

cross-$(1): $$($(1)_BUILD)/libsnaplayout.so \
  ## build/TARGET/libsnaplayout.so.0, checked like the x86_64 one
	@$$($(1)_SCRIPT_ENV) scripts/test-cross.sh --check-lib $(1)

$$($(1)_BUILD) $$($(1)_BUILD)/tests:
	mkdir -p $$@

$$($(1)_BUILD)/snaplayout.o: $$(LIB_SOURCES) $$(C_HEADERS) \
  | cross-deps-$(1) $$($(1)_BUILD) $$($(1)_JSONC_LIB)
	$$(SWIFTC) $$(SWIFT_EMBEDDED_FLAGS) -target $$($(1)_SWIFT_TARGET) $$($(1)_ABI_FLAGS) \
	  $$($(1)_INCLUDES) -c -o $$@ $$(LIB_SOURCES)

# The flags of $$(SUPPORT_OBJ) in the top-level Makefile.
$$($(1)_BUILD)/support.o: Sources/CSnapLayoutSupport/support.c $$(C_HEADERS) \
  | cross-deps-$(1) $$($(1)_BUILD)
	$$($(1)_CC) $$(SUPPORT_CFLAGS) -c $$< -o $$@

# The toolchain's Unicode tables are labelled soft-float for this CPU; the members whose
# functions take and return integers and pointers only are copied with a hard-float label
# (docs/CROSS.md, "The Unicode tables").
$$($(1)_BUILD)/unicode/libswiftUnicodeDataTables.a: $$($(1)_EMBEDDED)/libswiftUnicodeDataTables.a \
  $$($(1)_OBJECTS) scripts/relabel-unicode-tables.sh | cross-deps-$(1)
	scripts/relabel-unicode-tables.sh $(1) $$< $$@ $$($(1)_OBJECTS)

$$($(1)_LIB): $$($(1)_OBJECTS) scripts/snaplayout.map \
  $$(if $$($(1)_RELABEL),$$($(1)_UNICODE)/libswiftUnicodeDataTables.a)
	$$($(1)_CC) -shared -o $$@ $$($(1)_OBJECTS) \
	  -Wl,-soname=$$(SONAME) -Wl,--version-script=scripts/snaplayout.map \
	  -Wl,--no-undefined -Wl,-z,now -Wl,$$(LIB_GC_LDFLAGS) $$($(1)_LDFLAGS) \
	  -L$$($(1)_UNICODE) -lswiftUnicodeDataTables -lm $$($(1)_JSONC_LDFLAGS) -ljson-c

$$($(1)_BUILD)/libsnaplayout.so: $$($(1)_LIB)
	ln -sf $$(SONAME) $$@

$$($(1)_BUILD)/tests/%: Tests/c/%.c $$(wildcard Tests/c/*.h) include/snaplayout.h $$($(1)_LIB) \
  | cross-deps-$(1) $$($(1)_BUILD)/tests
	$$($(1)_CC) $$(C_STD) $$(C_WARN) $$(CFLAGS) -Iinclude -ITests/c $$< -o $$@ $$($(1)_LINK_LIB) \
	  -ljson-c -lpthread -lm

$$($(1)_BUILD)/minimal: examples-c/minimal.c include/snaplayout.h $$($(1)_LIB) | cross-deps-$(1)
	$$($(1)_CC) $$(C_STD) $$(C_WARN) $$(CFLAGS) -Iinclude $$< -o $$@ $$($(1)_LINK_LIB)

# The x86_64 library (lib) is built too: the exports must be the same. The script checks the
# library as cross-$(1) does before it runs anything.
test-cross-$(1): lib $$($(1)_BUILD)/libsnaplayout.so $$($(1)_TESTS) $$($(1)_BUILD)/minimal \
  ## the C tests and minimal.c built for TARGET, run under qemu
	@$$($(1)_SCRIPT_ENV) scripts/test-cross.sh $(1)
endef

$(foreach target,$(CROSS_TARGETS),$(eval $(call cross_rules,$(target))))

# json-c for riscv64, from Debian 12's source package (~10 s).
$(riscv64_JSONC)/lib/libjson-c.so: scripts/build-json-c.sh | cross-deps-riscv64
	scripts/build-json-c.sh --host $(riscv64_GNU) --prefix $(abspath $(riscv64_JSONC))
