# The architectures SnapLayout is built for, and what each is called where (sourced by the
# release scripts; docs/CROSS.md). `arch_table ARCH` sets:
#   arch_lib           the built library (the top-level Makefile's, or mk/cross.mk's)
#   arch_target        the make target that builds it
#   arch_deb           Debian's name of the architecture
#   arch_triplet       the GNU triplet: Debian's multiarch directory and the cross tools' prefix
#   arch_tools         the prefix of binutils and gcc for it ("" on the build machine's own)
#   arch_pointer_size  in bytes
#   arch_qemu          the user-mode emulator that runs its programs here ("" for none needed)
#   arch_sysroot       the root qemu takes (-L) for its loader and libraries
#   arch_jsonc         a json-c of the build's own (lib/, include/), where Debian has no package
#                      for the architecture ("" where libjson-c-dev:ARCH is installed)
#   arch_deb_suite     the Debian release whose libc6 and libjson-c5 the architecture's .debs
#                      depend on, when it is not this machine's (scripts/fetch-debian-packages.sh)
# and returns 1 for an unknown ARCH.
arch_table() {
  arch_jsonc="" arch_sysroot=/ arch_deb_suite=""
  case $1 in
    x86_64)
      arch_lib=build/libsnaplayout.so.0 arch_target=lib arch_deb=amd64
      arch_triplet=x86_64-linux-gnu arch_pointer_size=8 arch_qemu="" ;;
    aarch64)
      arch_lib=build/aarch64/libsnaplayout.so.0 arch_target=cross-aarch64 arch_deb=arm64
      arch_triplet=aarch64-linux-gnu arch_pointer_size=8 arch_qemu=qemu-aarch64 ;;
    armhf)
      arch_lib=build/armhf/libsnaplayout.so.0 arch_target=cross-armhf arch_deb=armhf
      arch_triplet=arm-linux-gnueabihf arch_pointer_size=4 arch_qemu=qemu-arm ;;
    riscv64)
      arch_lib=build/riscv64/libsnaplayout.so.0 arch_target=cross-riscv64 arch_deb=riscv64
      arch_triplet=riscv64-linux-gnu arch_pointer_size=8 arch_qemu=qemu-riscv64
      arch_sysroot=/usr/riscv64-linux-gnu arch_jsonc=build/riscv64/json-c arch_deb_suite=trixie ;;
    *) return 1 ;;
  esac
  if [ "$1" = "$(uname -m)" ]; then arch_tools="" arch_qemu=""; else arch_tools=$arch_triplet-; fi
}
