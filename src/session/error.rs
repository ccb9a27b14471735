//! Errors of a session: typed, each with the readable message a modder sees.

/// What went wrong in a session. Every variant displays as the one message
/// a modder reads (a Lua error with its file:line and a short traceback).
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// A script failed (or did not compile).
    #[error("{message}")]
    Lua { message: String },
    /// A script ran past its instruction budget.
    #[error("{message}")]
    Budget { message: String },
    /// A script ran past the VM's memory limit.
    #[error("{message}")]
    Memory { message: String },
    /// A replayed record has no more answers (`Replay` without `then`).
    #[error("the record ends here")]
    RecordEnded,
    /// The caller asked for something the game cannot do (a bad option, an
    /// answer that is not an option, no decision pending...).
    #[error("{0}")]
    Usage(String),
}

/// The start of the message of the instruction-budget error.
pub(super) const BUDGET_EXCEEDED: &str = "script instruction budget exceeded";

impl From<mlua::Error> for GameError {
    fn from(e: mlua::Error) -> GameError {
        let message = clean_error(&e);
        match innermost(&e) {
            mlua::Error::MemoryError(_) => GameError::Memory { message },
            mlua::Error::RuntimeError(s) if s.contains(BUDGET_EXCEEDED) => {
                GameError::Budget { message }
            }
            _ => GameError::Lua { message },
        }
    }
}

/// The error under every callback and context wrapper.
fn innermost(e: &mlua::Error) -> &mlua::Error {
    match e {
        mlua::Error::CallbackError { cause, .. } | mlua::Error::WithContext { cause, .. } => {
            innermost(cause)
        }
        other => other,
    }
}

pub(super) fn lua_err(e: mlua::Error) -> GameError {
    GameError::from(e)
}

/// Turns an mlua error into one readable message (the innermost cause and
/// a short Lua traceback).
pub fn clean_error(e: &mlua::Error) -> String {
    match e {
        mlua::Error::CallbackError { traceback, cause } => {
            let inner = clean_error(cause);
            let tb: Vec<&str> = traceback
                .lines()
                .filter(|l| l.contains("content/"))
                .take(4)
                .collect();
            if tb.is_empty() {
                inner
            } else {
                format!("{inner}\n{}", tb.join("\n"))
            }
        }
        mlua::Error::RuntimeError(s) => name_odd_value(collapse_locations(&trim_traceback(s))),
        mlua::Error::SyntaxError { message, .. } => format!("syntax error: {message}"),
        mlua::Error::MemoryError(_) => "script memory limit exceeded".into(),
        mlua::Error::WithContext { context, cause } => format!("{context}: {}", clean_error(cause)),
        other => collapse_locations(&trim_traceback(&other.to_string())),
    }
}

/// An error raised inside nested coroutines comes out with one `file:line: `
/// prefix per coroutine it passed through (Lua adds one at each
/// `coroutine.wrap`). The message keeps the innermost place and says once
/// where it was passed up from.
fn collapse_locations(s: &str) -> String {
    let (first, rest) = match s.split_once('\n') {
        Some((a, b)) => (a, Some(b)),
        None => (s, None),
    };
    let mut places = vec![];
    let mut msg = first;
    while let Some((head, tail)) = msg.split_once(": ") {
        let is_place = head.rsplit_once(':').is_some_and(|(file, line)| {
            !file.is_empty()
                && !file.contains(' ')
                && !line.is_empty()
                && line.chars().all(|c| c.is_ascii_digit())
        });
        if !is_place {
            break;
        }
        places.push(head);
        msg = tail;
    }
    if places.len() < 2 {
        return s.to_string();
    }
    let inner = places.pop().unwrap_or_default();
    let mut outer: Vec<&str> = vec![];
    for p in &places {
        if !outer.contains(p) {
            outer.push(p);
        }
    }
    let shown: Vec<&str> = outer.iter().take(3).copied().collect();
    let more = if outer.len() > 3 {
        format!(" and {} more places", outer.len() - 3)
    } else {
        String::new()
    };
    let line = format!(
        "{inner}: {msg} (passed up {} time{} through {}{more})",
        places.len(),
        if places.len() == 1 { "" } else { "s" },
        shown.join(", ")
    );
    match rest {
        Some(r) => format!("{line}\n{r}"),
        None => line,
    }
}

/// A script may raise any value; one that is not a message (nil, a table
/// the kernel does not know, a function) is named, not printed as `nil` or
/// with an address that changes from run to run.
fn name_odd_value(s: String) -> String {
    let (first, rest) = match s.split_once('\n') {
        Some((a, b)) => (a, Some(b)),
        None => (s.as_str(), None),
    };
    let addr = |p: &str| {
        first
            .strip_prefix(p)
            .is_some_and(|h| h.starts_with("0x") && h[2..].chars().all(|c| c.is_ascii_hexdigit()))
    };
    let named = if first == "nil" {
        "error() was called without a message"
    } else if addr("table: ") {
        "error() was called with a table that has no message"
    } else if addr("function: ") {
        "error() was called with a function instead of a message"
    } else {
        return s;
    };
    match rest {
        Some(r) => format!("{named}\n{r}"),
        None => named.to_string(),
    }
}

fn trim_traceback(s: &str) -> String {
    let mut out = vec![];
    let mut in_tb = false;
    for l in s.lines() {
        if l.starts_with("stack traceback:") {
            in_tb = true;
            continue;
        }
        if in_tb {
            if l.contains("content/") && out.len() < 6 {
                out.push(format!("  at {}", l.trim()));
            }
        } else {
            out.push(l.to_string());
        }
    }
    out.join("\n")
}
