//! `imperium test <pack> --watch`: rerun a pack's scenarios when a file of
//! its chain changes. The files are polled: each one's modification time
//! and size, compared with the last look.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// What a look at the watched folders saw: each file with its modification
/// time and size.
pub type Fingerprint = BTreeMap<PathBuf, (Option<SystemTime>, u64)>;

/// The files under `dirs` (recursively), leaving out golden logs
/// (`snapshots/`, which `--accept` rewrites) and hidden folders (editor
/// stubs, version control).
pub fn fingerprint(dirs: &[PathBuf]) -> Fingerprint {
    let mut out = Fingerprint::new();
    for d in dirs {
        walk(d, &mut out);
    }
    out
}

fn walk(dir: &Path, out: &mut Fingerprint) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        let name = e.file_name();
        let name = name.to_string_lossy();
        let Ok(meta) = std::fs::metadata(&p) else {
            continue;
        };
        if meta.is_dir() {
            if !name.starts_with('.') && name != "snapshots" {
                walk(&p, out);
            }
        } else if !name.starts_with('.') {
            out.insert(p, (meta.modified().ok(), meta.len()));
        }
    }
}

/// The files added, removed or changed from `before` to `after`, sorted.
pub fn changed(before: &Fingerprint, after: &Fingerprint) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = after
        .iter()
        .filter(|(p, v)| before.get(*p) != Some(*v))
        .map(|(p, _)| p.clone())
        .collect();
    out.extend(before.keys().filter(|p| !after.contains_key(*p)).cloned());
    out.sort();
    out
}
