# System installation and Debian packages (docs/PACKAGING.md).
#
#   make install   [PREFIX=/usr/local] [DESTDIR=] [LIBDIR=] [INCLUDEDIR=] [PKGCONFIGDIR=]
#                  [CMAKEDIR=] [SCHEMADIR=] [DOCDIR=] [BINDIR=] [MANDIR=]
#   make uninstall (the same variables) removes what `make install` put there
#   make deb       build/deb/libsnaplayout0_<version>_<arch>.deb, libsnaplayout-dev_… and
#                  snaplayout-tools_… (the snaplayout tool and its manual page)
#   make test-packages   both, checked end to end (scripts/test-packages.sh)

PREFIX       ?= /usr/local
DESTDIR      ?=
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
CMAKEDIR     ?= $(LIBDIR)/cmake/SnapLayout
DOCDIR       ?= $(PREFIX)/share/doc/snaplayout
SCHEMADIR    ?= $(PREFIX)/share/snaplayout
BINDIR       ?= $(PREFIX)/bin
MANDIR       ?= $(PREFIX)/share/man
INSTALL      ?= install
STRIP        ?= strip
# Run after installing into the live system (no DESTDIR), so the loader finds the new SONAME.
LDCONFIG     ?= ldconfig

# The version lives in the header only. The real file is named after its three numbers, the
# packages and snaplayout.pc after SL_VERSION_STRING; scripts/test-packages.sh checks they agree
# with each other and with the SONAME.
SL_HEADER      := include/snaplayout.h
# The C++ interface (docs/CPP.md), header-only: installed beside the C header, in -dev.
SL_HEADER_CXX  := include/snaplayout.hpp
sl_header_int   = $(shell sed -n 's/^.define SL_VERSION_$(1) \([0-9][0-9]*\).*/\1/p' $(SL_HEADER))
SL_VERSION     := $(shell sed -n 's/^.define SL_VERSION_STRING "\(.*\)".*/\1/p' $(SL_HEADER))
SL_VERSION_MMP := $(call sl_header_int,MAJOR).$(call sl_header_int,MINOR).$(call sl_header_int,PATCH)
SL_REALNAME    := libsnaplayout.so.$(SL_VERSION_MMP)
SL_DEVLINK     := libsnaplayout.so
SL_DOCS        := $(wildcard docs/*.md)
SL_LICENSE     := $(wildcard LICENSE LICENSE.md LICENSE.txt COPYING COPYING.md COPYRIGHT NOTICE)
SL_TOP_DOCS    := README.md CHANGELOG.md $(SL_LICENSE)
# A path inside PREFIX is written relative to ${prefix} in snaplayout.pc, so that
# `pkg-config --define-prefix` can relocate an installed tree.
sl_pc_path      = $(patsubst $(PREFIX)/%,$${prefix}/%,$(1))

# The CMake package finds the library and header relative to its own directory, and refuses
# a tree built for another pointer size (the compiler's, unless given).
sl_relative          = $(shell realpath -m --relative-to='$(CMAKEDIR)' '$(1)')
SL_POINTER_SIZE     ?= $(shell $(CC) -dM -E -x c /dev/null 2>/dev/null | sed -n 's/^.define __SIZEOF_POINTER__ //p')
SL_CMAKE_FILES      := SnapLayoutConfig.cmake SnapLayoutConfigVersion.cmake
# The configuration's JSON Schema (docs/CONFIG.md, "The JSON Schema"), for editors and validators.
SL_SCHEMA           := schema/snaplayout-config.schema.json

# What is installed, and how it was made: the build machine's own library and tool unless told
# otherwise. The release scripts install another architecture's build with these
# (scripts/make-dist.sh): its library, its C compiler for the tool, its strip.
SL_INSTALL_LIB  ?= $(LIB)
SL_TOOL_CC      ?= $(CC)
SL_TOOL_LDFLAGS ?=
# The prefix written in snaplayout.pc: a tarball writes ${pcfiledir}/../.. there, so the file
# finds the tree from where it lies.
SL_PC_PREFIX    ?= $(PREFIX)

# Debian packages: the version from the header ('-' becomes '~', so 0.2.0-rc1 sorts before
# 0.2.0), the architecture of the build machine.
DEB_VERSION    ?= $(subst -,~,$(SL_VERSION))
DEB_MAINTAINER ?= SnapLayout Dev <dev@snaplayout.invalid>
DEB_HOMEPAGE   ?=
SL_DEB_DIR     ?= $(BUILD)/deb
# The packages' architecture: the build machine's (dpkg --print-architecture) unless given.
DEB_ARCH       ?=
SL_MULTIARCH   ?= $(shell dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || $(CC) -print-multiarch)

# The snaplayout tool as installed: linked again without the build tree's rpath, so that it
# loads the installed library (build/snaplayout finds build/libsnaplayout.so.0 wherever it is).
SL_TOOL        ?= $(BUILD)/install/snaplayout
SL_MAN         := examples-c/snaplayout.1
# Hardening of the installed tool (Debian's defaults, less _FORTIFY_SOURCE, which needs -O).
SL_TOOL_HARDENING ?= -fstack-protector-strong -Wl,-z,relro -Wl,-z,now

.PHONY: install uninstall deb packaging-deps test-packages

$(SL_TOOL): $(TOOL_SOURCES) $(TOOL_HEADERS) $(BUILD)/appstore_json.h include/snaplayout.h \
            $(SL_INSTALL_LIB)
	mkdir -p $(@D)
	$(SL_TOOL_CC) $(C_STD) $(C_WARN) $(CFLAGS) $(SL_TOOL_HARDENING) -Iinclude -I$(BUILD) \
	  $(TOOL_SOURCES) -o $@ -L$(dir $(SL_INSTALL_LIB)) -lsnaplayout $(SL_TOOL_LDFLAGS)

install: $(SL_INSTALL_LIB) $(SL_HEADER) $(SL_HEADER_CXX) packaging/snaplayout.pc.in $(SL_CMAKE_FILES:%=packaging/cmake/%.in) \
         $(SL_TOOL) $(SL_MAN) $(SL_SCHEMA) \
  ## install the library, header, pkg-config, CMake files, tool, man page
	@case "$(SL_POINTER_SIZE)" in 4|8) ;; *) \
	  echo "install: cannot tell the pointer size from $(CC); set SL_POINTER_SIZE=4 or 8" >&2; \
	  exit 1 ;; esac
	@case "$(SL_VERSION)" in "$(SL_VERSION_MMP)" | "$(SL_VERSION_MMP)"-*) ;; *) \
	  echo "install: SL_VERSION_STRING \"$(SL_VERSION)\" does not match SL_VERSION_MAJOR/MINOR/PATCH ($(SL_VERSION_MMP)) in $(SL_HEADER)" >&2; \
	  exit 1 ;; esac
	umask 022; $(INSTALL) -d -m 0755 "$(DESTDIR)$(LIBDIR)" "$(DESTDIR)$(INCLUDEDIR)" \
	  "$(DESTDIR)$(PKGCONFIGDIR)" "$(DESTDIR)$(DOCDIR)/docs" "$(DESTDIR)$(SCHEMADIR)"
	$(INSTALL) -m 0644 $(SL_INSTALL_LIB) "$(DESTDIR)$(LIBDIR)/$(SL_REALNAME)"
	$(STRIP) --strip-unneeded --remove-section=.comment --remove-section=.note \
	  "$(DESTDIR)$(LIBDIR)/$(SL_REALNAME)"
	chmod 0644 "$(DESTDIR)$(LIBDIR)/$(SL_REALNAME)"
	ln -sfn $(SL_REALNAME) "$(DESTDIR)$(LIBDIR)/$(SONAME)"
	ln -sfn $(SL_REALNAME) "$(DESTDIR)$(LIBDIR)/$(SL_DEVLINK)"
	$(INSTALL) -m 0644 $(SL_HEADER) "$(DESTDIR)$(INCLUDEDIR)/snaplayout.h"
	$(INSTALL) -m 0644 $(SL_HEADER_CXX) "$(DESTDIR)$(INCLUDEDIR)/snaplayout.hpp"
	sed -e 's|@prefix@|$(SL_PC_PREFIX)|' -e 's|@libdir@|$(call sl_pc_path,$(LIBDIR))|' \
	  -e 's|@includedir@|$(call sl_pc_path,$(INCLUDEDIR))|' \
	  -e 's|@schema@|$(call sl_pc_path,$(SCHEMADIR))/$(notdir $(SL_SCHEMA))|' -e 's|@version@|$(SL_VERSION)|' \
	  packaging/snaplayout.pc.in > "$(DESTDIR)$(PKGCONFIGDIR)/snaplayout.pc"
	chmod 0644 "$(DESTDIR)$(PKGCONFIGDIR)/snaplayout.pc"
	$(INSTALL) -d -m 0755 "$(DESTDIR)$(CMAKEDIR)"
	for f in $(SL_CMAKE_FILES); do \
	  sed -e 's|@version@|$(SL_VERSION_MMP)|' -e 's|@major@|$(call sl_header_int,MAJOR)|' \
	    -e 's|@realname@|$(SL_REALNAME)|' -e 's|@soname@|$(SONAME)|' \
	    -e 's|@rel_libdir@|$(call sl_relative,$(LIBDIR))|' \
	    -e 's|@rel_includedir@|$(call sl_relative,$(INCLUDEDIR))|' \
	    -e 's|@rel_schema@|$(call sl_relative,$(SCHEMADIR))/$(notdir $(SL_SCHEMA))|' \
	    -e 's|@sizeof_void_p@|$(SL_POINTER_SIZE)|' packaging/cmake/$$f.in \
	    > "$(DESTDIR)$(CMAKEDIR)/$$f" && chmod 0644 "$(DESTDIR)$(CMAKEDIR)/$$f" || exit 1; \
	done
	$(INSTALL) -m 0644 $(SL_SCHEMA) "$(DESTDIR)$(SCHEMADIR)/$(notdir $(SL_SCHEMA))"
	$(INSTALL) -m 0644 $(SL_TOP_DOCS) "$(DESTDIR)$(DOCDIR)"
	$(INSTALL) -m 0644 $(SL_DOCS) "$(DESTDIR)$(DOCDIR)/docs"
	umask 022; $(INSTALL) -d -m 0755 "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MANDIR)/man1"
	$(INSTALL) -m 0755 $(SL_TOOL) "$(DESTDIR)$(BINDIR)/snaplayout"
	$(STRIP) --remove-section=.comment --remove-section=.note "$(DESTDIR)$(BINDIR)/snaplayout"
	chmod 0755 "$(DESTDIR)$(BINDIR)/snaplayout"
	$(INSTALL) -m 0644 $(SL_MAN) "$(DESTDIR)$(MANDIR)/man1/snaplayout.1"
	@if [ -z "$(DESTDIR)" ] && [ "$(LDCONFIG)" != ":" ]; then \
	  echo "$(LDCONFIG)"; $(LDCONFIG) || echo "install: $(LDCONFIG) failed; run it as root" >&2; \
	fi

uninstall: ## remove what make install put there (same variables)
	rm -f "$(DESTDIR)$(LIBDIR)/$(SL_DEVLINK)" "$(DESTDIR)$(LIBDIR)/$(SONAME)" \
	  "$(DESTDIR)$(LIBDIR)/$(SL_REALNAME)" "$(DESTDIR)$(INCLUDEDIR)/snaplayout.h" \
	  "$(DESTDIR)$(INCLUDEDIR)/snaplayout.hpp" \
	  "$(DESTDIR)$(PKGCONFIGDIR)/snaplayout.pc" $(SL_CMAKE_FILES:%="$(DESTDIR)$(CMAKEDIR)/%")
	rmdir "$(DESTDIR)$(CMAKEDIR)" 2>/dev/null || true
	rm -f "$(DESTDIR)$(BINDIR)/snaplayout" "$(DESTDIR)$(MANDIR)/man1/snaplayout.1"
	cd "$(DESTDIR)$(DOCDIR)" 2>/dev/null && rm -f $(notdir $(SL_TOP_DOCS)) $(SL_DOCS) || true
	rmdir "$(DESTDIR)$(DOCDIR)/docs" 2>/dev/null || true
	rmdir "$(DESTDIR)$(DOCDIR)" 2>/dev/null || true
	rm -f "$(DESTDIR)$(SCHEMADIR)/$(notdir $(SL_SCHEMA))"
	rmdir "$(DESTDIR)$(SCHEMADIR)" 2>/dev/null || true
	@if [ -z "$(DESTDIR)" ] && [ "$(LDCONFIG)" != ":" ]; then \
	  echo "$(LDCONFIG)"; $(LDCONFIG) || true; \
	fi

packaging-deps: ## install dpkg-dev, lintian, cmake and meson when missing
	@scripts/ensure-packaging-deps.sh

# The packages are cut from a `make install` into a staging tree with Debian's paths, so they
# hold exactly what `make install` installs (the changelog compressed, a copyright file added).
deb: packaging-deps $(SL_INSTALL_LIB) $(SL_HEADER) $(SL_HEADER_CXX) packaging/snaplayout.pc.in packaging/build-deb.sh \
     packaging/copyright packaging/libsnaplayout0.control.in packaging/libsnaplayout-dev.control.in \
     packaging/snaplayout-tools.control.in $(SL_TOOL) $(SL_MAN) $(SL_SCHEMA) \
  ## build/deb/: libsnaplayout0, libsnaplayout-dev and snaplayout-tools
	rm -rf $(SL_DEB_DIR)
	$(MAKE) --no-print-directory install DESTDIR=$(abspath $(SL_DEB_DIR))/stage PREFIX=/usr \
	  LIBDIR=/usr/lib/$(SL_MULTIARCH) INCLUDEDIR=/usr/include \
	  PKGCONFIGDIR=/usr/lib/$(SL_MULTIARCH)/pkgconfig DOCDIR=/usr/share/doc/libsnaplayout-dev \
	  >/dev/null
	SL_VERSION="$(SL_VERSION)" DEB_VERSION="$(DEB_VERSION)" SONAME="$(SONAME)" \
	  REALNAME="$(SL_REALNAME)" MULTIARCH="$(SL_MULTIARCH)" DEB_MAINTAINER="$(DEB_MAINTAINER)" \
	  DEB_HOMEPAGE="$(DEB_HOMEPAGE)" DEB_ARCH="$(DEB_ARCH)" packaging/build-deb.sh $(SL_DEB_DIR)/stage $(SL_DEB_DIR)

# The test works out what to expect from the header and the built library on its own, so a
# wrong variable here fails it rather than passing along.
test-packages: $(LIB) ## install, uninstall and the .debs checked end to end, with consumers
	@scripts/ensure-packaging-deps.sh --test
	MAKE="$(MAKE)" CC="$(CC)" CFLAGS="$(C_STD) $(C_WARN) $(CFLAGS)" scripts/test-packages.sh

TEST_TARGETS += test-packages
CLEAN_FILES  += $(SL_DEB_DIR)
