# Release files (docs/PACKAGING.md, "Release files").
#
#   make dist        build/dist/: the source tarball; per architecture a tarball with the stripped
#                    library, header, pkg-config and CMake files, the tool, the documentation and
#                    LICENSE, and the Debian packages; the Python wheels; SHA256SUMS
#   make test-dist   scripts/test-dist.sh: every file checked, each library tarball unpacked into
#                    a scratch prefix, examples-c/minimal.c built against it with pkg-config and
#                    with CMake and run (under qemu-user for the other architectures)
#
# DIST_ARCHES names the architectures (scripts/arch-table.sh); each is built first (lib, or
# mk/cross.mk's cross-ARCH), with the tool compiled by that architecture's gcc.

DIST_ARCHES ?= x86_64 aarch64 armhf riscv64
DIST_DIR    := $(BUILD)/dist

.PHONY: dist test-dist

TEST_TARGETS += test-dist
CLEAN_FILES  += $(DIST_DIR)

dist: lib $(filter-out lib,$(foreach a,$(DIST_ARCHES),$(shell . scripts/arch-table.sh && \
        arch_table $(a) && echo $$arch_target))) wheels packaging-deps \
  ## build/dist/: the release tarballs, Debian packages, wheels, SHA256SUMS
	MAKE="$(MAKE)" DIST_WHEELS="$(WHEEL_X86_64) $(WHEEL_AARCH64)" scripts/make-dist.sh $(DIST_ARCHES)

test-dist: dist ## check every release file; build minimal.c against each tarball
	@scripts/ensure-packaging-deps.sh --test
	scripts/test-dist.sh $(DIST_ARCHES)
