//! A progress bar on standard error for long runs (simulations, perft):
//! drawn only when asked for (the CLI asks when standard output and
//! standard error are terminals and JSON is not wanted), at most ten times a
//! second, from whichever thread reports when a redraw is due. It never
//! touches what the run computes.

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

pub struct Progress {
    on: bool,
    total: AtomicU64,
    done: AtomicU64,
    /// Milliseconds since `start` of the last drawing.
    drawn: AtomicU64,
    dirty: AtomicBool,
    label: Mutex<String>,
    start: Instant,
}

/// The bar's text: `label [#####-----]  50% 5/10`.
pub fn render(label: &str, done: u64, total: u64, width: usize) -> String {
    let frac = if total == 0 {
        0.0
    } else {
        (done.min(total) as f64) / total as f64
    };
    let full = (frac * width as f64).floor() as usize;
    format!(
        "{label} [{}{}] {:3.0}% {done}/{total}",
        "#".repeat(full),
        "-".repeat(width - full),
        frac * 100.0
    )
}

impl Progress {
    /// A bar drawn when `on`, else nothing is ever written.
    pub fn new(on: bool) -> Progress {
        Progress {
            on,
            total: AtomicU64::new(0),
            done: AtomicU64::new(0),
            drawn: AtomicU64::new(0),
            dirty: AtomicBool::new(false),
            label: Mutex::new(String::new()),
            start: Instant::now(),
        }
    }

    /// A bar that is never drawn.
    pub fn hidden() -> Progress {
        Progress::new(false)
    }

    /// Starts a new stage of `total` steps.
    pub fn stage(&self, label: &str, total: u64) {
        if !self.on {
            return;
        }
        if let Ok(mut l) = self.label.lock() {
            *l = label.to_string();
        }
        self.total.store(total, Ordering::Relaxed);
        self.done.store(0, Ordering::Relaxed);
    }

    /// `n` more steps are done.
    pub fn add(&self, n: u64) {
        if !self.on {
            return;
        }
        self.done.fetch_add(n, Ordering::Relaxed);
        let now = self.start.elapsed().as_millis() as u64;
        let last = self.drawn.load(Ordering::Relaxed);
        if now >= last + 100
            && self
                .drawn
                .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
        {
            let label = self.label.lock().map(|l| l.clone()).unwrap_or_default();
            let line = render(
                &label,
                self.done.load(Ordering::Relaxed),
                self.total.load(Ordering::Relaxed),
                30,
            );
            let mut e = std::io::stderr().lock();
            let _ = write!(e, "\r{line}\x1b[K");
            let _ = e.flush();
            self.dirty.store(true, Ordering::Relaxed);
        }
    }

    /// Clears the bar's line, if one was drawn.
    pub fn finish(&self) {
        if self.on && self.dirty.swap(false, Ordering::Relaxed) {
            let mut e = std::io::stderr().lock();
            let _ = write!(e, "\r\x1b[K");
            let _ = e.flush();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_shows_the_fraction_done() {
        assert_eq!(render("fights", 5, 10, 10), "fights [#####-----]  50% 5/10");
        assert_eq!(render("x", 0, 0, 4), "x [----]   0% 0/0");
        assert_eq!(render("x", 9, 3, 4), "x [####] 100% 9/3");
    }

    #[test]
    fn a_hidden_bar_counts_nothing() {
        let p = Progress::hidden();
        p.stage("x", 10);
        p.add(5);
        assert_eq!(p.done.load(Ordering::Relaxed), 0);
        assert!(!p.dirty.load(Ordering::Relaxed));
    }
}
