//! What several test files share: writing a small pack into a fresh folder.

use std::path::{Path, PathBuf};

/// Writes pack `id` with the given files into a fresh folder
/// `<target tmp>/<area>/<dir>` and returns that folder; without a
/// `pack.yaml` among the files, `manifest` is written as one.
pub fn write_pack(
    area: &str,
    dir: &str,
    id: &str,
    files: &[(&str, &str)],
    manifest: &str,
) -> PathBuf {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join(area).join(dir);
    let _ = std::fs::remove_dir_all(&root);
    let p = root.join(id);
    std::fs::create_dir_all(&p).unwrap();
    let mut has_manifest = false;
    for (name, text) in files {
        has_manifest |= *name == "pack.yaml";
        let f = p.join(name);
        std::fs::create_dir_all(f.parent().unwrap()).unwrap();
        std::fs::write(f, text).unwrap();
    }
    if !has_manifest {
        std::fs::write(p.join("pack.yaml"), manifest).unwrap();
    }
    root
}
