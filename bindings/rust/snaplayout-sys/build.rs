//! Links libsnaplayout: from $SNAPLAYOUT_LIB_DIR when set, else from the repository's build/
//! (where `make lib` puts build/libsnaplayout.so -> libsnaplayout.so.0).
//!
//! The directory is also handed to crates that depend on this one (`links = "snaplayout"`: their
//! build scripts read it as DEP_SNAPLAYOUT_LIB_DIR) and recorded as an rpath in this crate's own
//! tests, so that they run without LD_LIBRARY_PATH.

use std::env;
use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-env-changed=SNAPLAYOUT_LIB_DIR");
    println!("cargo:rerun-if-changed=build.rs");
    let dir = match env::var_os("SNAPLAYOUT_LIB_DIR") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => {
            // bindings/rust/snaplayout-sys -> the repository's build/
            let manifest =
                PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
            manifest.join("../../../build")
        }
    };
    let dir = dir.canonicalize().unwrap_or(dir);
    // Checked again when the library appears or is rebuilt (`make lib`).
    println!("cargo:rerun-if-changed={}", dir.join("libsnaplayout.so").display());
    if !dir.join("libsnaplayout.so").exists() {
        println!(
            "cargo:warning=no libsnaplayout.so in {} (run `make lib`, or set SNAPLAYOUT_LIB_DIR)",
            dir.display()
        );
    }
    println!("cargo:rustc-link-search=native={}", dir.display());
    println!("cargo:rustc-link-lib=dylib=snaplayout");
    println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display());
    println!("cargo:lib_dir={}", dir.display());
    // For tests/header.rs, which compares the library's exports with the header.
    println!("cargo:rustc-env=SNAPLAYOUT_LINKED_DIR={}", dir.display());
}
