# The Rust binding (bindings/rust, bindings/rust/README.md): a Cargo workspace of two crates,
# std only (no crates.io), against the shipped library.
#   snaplayout-sys  the declarations of include/snaplayout.h, checked against the header by
#                   its test (tests/header.rs)
#   snaplayout      the safe API: Layout (freed on drop, Send + Sync), Result<T, Error>, ...
#
#   make test-rust   `cargo test --offline` with Debian's cargo and rustc; then, when valgrind
#                    is there, the tests that create, change and drop layouts (handlers
#                    included) again under valgrind: no invalid access, nothing leaked
#                    (definitely or indirectly: Rust's std keeps some memory reachable on purpose)
#
# Debian's toolchain (/usr/bin/cargo, /usr/bin/rustc; scripts/ensure-rust-deps.sh installs it)
# is called explicitly: a rustup toolchain earlier on PATH is not what a fresh machine has.
# Cargo's target directory and home are under $(BUILD), so `make clean` removes them: nothing
# to add to CLEAN_FILES.

RUST_DIR    := bindings/rust
RUST_CARGO  := /usr/bin/cargo
RUST_TARGET := $(abspath $(BUILD))/rust
RUST_ENV    := PATH=/usr/bin:$$PATH RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc \
               CARGO_HOME=$(RUST_TARGET)/cargo-home CARGO_TARGET_DIR=$(RUST_TARGET) \
               SNAPLAYOUT_LIB_DIR=$(abspath $(BUILD)) RUST_BACKTRACE=0
RUST_VALGRIND_TESTS := changes elements errors carousel resnap
RUST_VALGRIND := valgrind --quiet --error-exitcode=99 --leak-check=full \
                 --show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect

.PHONY: rust-deps test-rust
TEST_TARGETS += test-rust

rust-deps: ## install Debian's cargo and rustc when missing
	@scripts/ensure-rust-deps.sh

test-rust: lib ## the Rust binding's tests (bindings/rust), offline, with Debian's cargo
	@scripts/ensure-rust-deps.sh
	cd $(RUST_DIR) && $(RUST_ENV) $(RUST_CARGO) test --offline --quiet
	@if command -v valgrind >/dev/null 2>&1; then \
	  for test in $(RUST_VALGRIND_TESTS); do \
	    binary=$$(cd $(RUST_DIR) && $(RUST_ENV) $(RUST_CARGO) test --offline --no-run --test $$test 2>&1 \
	      | sed -n 's/.*Executable .*(\(.*\))$$/\1/p'); \
	    [ -n "$$binary" ] || { echo "test-rust: no test binary for $$test" >&2; exit 1; }; \
	    echo "test-rust: $$test under valgrind"; \
	    RUST_BACKTRACE=0 $(RUST_VALGRIND) "$$binary" --quiet --test-threads=1 >/dev/null || exit 1; \
	  done; \
	else \
	  echo "test-rust: valgrind not found, the leak check is skipped"; \
	fi
