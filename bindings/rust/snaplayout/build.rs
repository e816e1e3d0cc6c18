//! Records the directory snaplayout-sys linked libsnaplayout from (DEP_SNAPLAYOUT_LIB_DIR) as an
//! rpath of this crate's tests and examples, so that they run without LD_LIBRARY_PATH.
fn main() {
    println!("cargo:rerun-if-env-changed=DEP_SNAPLAYOUT_LIB_DIR");
    if let Some(dir) = std::env::var_os("DEP_SNAPLAYOUT_LIB_DIR") {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.to_string_lossy());
    }
}
