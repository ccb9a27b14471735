//! The galaxy graph: systems as nodes, directed links with kinds, and border
//! tokens that block some things crossing a link.

use petgraph::graph::{DiGraph, EdgeIndex, NodeIndex};
use petgraph::visit::EdgeRef;
use petgraph::Direction;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// What kind of connection a link is: a name the pack chooses
/// (`"hyperlane"`, `"wormhole:alpha"`...). The kernel itself makes only
/// `border` links, between systems on neighbouring hexes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LinkKind(String);

impl LinkKind {
    /// The links the kernel makes between hex neighbours.
    pub fn border() -> LinkKind {
        LinkKind("border".into())
    }
    pub fn parse(s: &str) -> LinkKind {
        LinkKind(s.to_string())
    }
    pub fn name(&self) -> String {
        self.0.clone()
    }
}

/// A token on a link; it blocks the purposes named in `blocks` (e.g. `move`,
/// `space_cannon`), or every purpose when `blocks` is empty.
#[derive(Clone, Debug, Serialize)]
pub struct BorderToken {
    pub id: String,
    pub blocks: BTreeSet<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Link {
    pub kind: LinkKind,
    pub tokens: Vec<BorderToken>,
}

impl Link {
    fn blocks(&self, purpose: &str) -> bool {
        self.tokens
            .iter()
            .any(|t| t.blocks.is_empty() || t.blocks.contains(purpose))
    }
}

/// Rules for a movement query. Systems are node indices.
#[derive(Default, Debug, Clone)]
pub struct MoveRules {
    /// Systems that cannot be entered at all.
    pub blocked: BTreeSet<usize>,
    /// Systems that can be entered only as the destination.
    pub stop: BTreeSet<usize>,
    /// Systems whose exit costs nothing (a bonus to move).
    pub free_exit: BTreeSet<usize>,
    /// Link kinds that may not be used.
    pub no_kinds: BTreeSet<String>,
}

#[derive(Clone, Debug, Default)]
pub struct Galaxy {
    pub graph: DiGraph<usize, Link>,
}

impl Galaxy {
    pub fn add_node(&mut self) -> usize {
        let n = self.graph.node_count();
        self.graph.add_node(n);
        n
    }

    fn edge(&self, a: usize, b: usize, kind: &LinkKind) -> Option<EdgeIndex> {
        self.graph
            .edges_connecting(NodeIndex::new(a), NodeIndex::new(b))
            .find(|e| &e.weight().kind == kind)
            .map(|e| e.id())
    }

    /// Adds a link `a -> b` (and `b -> a` unless `one_way`). Duplicate links
    /// of one kind are ignored.
    pub fn link(&mut self, a: usize, b: usize, kind: LinkKind, one_way: bool) {
        if a == b {
            return;
        }
        if self.edge(a, b, &kind).is_none() {
            self.graph.add_edge(
                NodeIndex::new(a),
                NodeIndex::new(b),
                Link {
                    kind: kind.clone(),
                    tokens: vec![],
                },
            );
        }
        if !one_way && self.edge(b, a, &kind).is_none() {
            self.graph.add_edge(
                NodeIndex::new(b),
                NodeIndex::new(a),
                Link {
                    kind,
                    tokens: vec![],
                },
            );
        }
    }

    /// Removes every link of `kind` between `a` and `b` in both directions.
    pub fn unlink(&mut self, a: usize, b: usize, kind: &LinkKind) {
        while let Some(e) = self.edge(a, b, kind) {
            self.graph.remove_edge(e);
        }
        while let Some(e) = self.edge(b, a, kind) {
            self.graph.remove_edge(e);
        }
    }

    /// Puts a token on every link from `a` to `b` (and back unless `one_way`).
    /// Returns false when the two systems are not linked.
    pub fn place_token(&mut self, a: usize, b: usize, token: BorderToken, one_way: bool) -> bool {
        let mut dirs = vec![(a, b)];
        if !one_way {
            dirs.push((b, a));
        }
        let mut any = false;
        for (x, y) in dirs {
            let ids: Vec<EdgeIndex> = self
                .graph
                .edges_connecting(NodeIndex::new(x), NodeIndex::new(y))
                .map(|e| e.id())
                .collect();
            for e in ids {
                self.graph[e].tokens.push(token.clone());
                any = true;
            }
        }
        any
    }

    pub fn remove_token(&mut self, a: usize, b: usize, id: &str) {
        for (x, y) in [(a, b), (b, a)] {
            let ids: Vec<EdgeIndex> = self
                .graph
                .edges_connecting(NodeIndex::new(x), NodeIndex::new(y))
                .map(|e| e.id())
                .collect();
            for e in ids {
                self.graph[e].tokens.retain(|t| t.id != id);
            }
        }
    }

    /// Systems one link away from `s` for `purpose`, sorted, without repeats.
    pub fn adjacent(&self, s: usize, purpose: &str) -> Vec<usize> {
        self.adjacent_with(s, purpose, &BTreeSet::new())
    }

    fn adjacent_with(&self, s: usize, purpose: &str, no_kinds: &BTreeSet<String>) -> Vec<usize> {
        if s >= self.graph.node_count() {
            return vec![];
        }
        let mut out: Vec<usize> = self
            .graph
            .edges_directed(NodeIndex::new(s), Direction::Outgoing)
            .filter(|e| !e.weight().blocks(purpose))
            .filter(|e| no_kinds.is_empty() || !no_kinds.contains(&e.weight().kind.name()))
            .map(|e| e.target().index())
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Systems within `range` links of `s` for `purpose` (including `s`), with
    /// their distance, sorted by system.
    pub fn within(&self, s: usize, range: u32, purpose: &str) -> Vec<(usize, u32)> {
        let mut dist: BTreeMap<usize, u32> = BTreeMap::new();
        let mut q = VecDeque::new();
        dist.insert(s, 0);
        q.push_back(s);
        while let Some(x) = q.pop_front() {
            let d = dist[&x];
            if d == range {
                continue;
            }
            for y in self.adjacent(x, purpose) {
                if let std::collections::btree_map::Entry::Vacant(v) = dist.entry(y) {
                    v.insert(d + 1);
                    q.push_back(y);
                }
            }
        }
        dist.into_iter().collect()
    }

    /// The least movement needed to go from `from` to `to` under `rules`
    /// (purpose `move`), or `None` when no path exists. A 0-1 BFS: exits from
    /// `free_exit` systems cost nothing.
    pub fn move_cost(&self, from: usize, to: usize, rules: &MoveRules) -> Option<u32> {
        if from == to {
            return Some(0);
        }
        let n = self.graph.node_count();
        let mut best = vec![u32::MAX; n];
        let mut dq = VecDeque::new();
        best[from] = 0;
        dq.push_back(from);
        while let Some(x) = dq.pop_front() {
            let d = best[x];
            if x != from && x == to {
                continue;
            }
            if x != from && rules.stop.contains(&x) {
                continue;
            }
            let step = if rules.free_exit.contains(&x) { 0 } else { 1 };
            for y in self.adjacent_with(x, "move", &rules.no_kinds) {
                if rules.blocked.contains(&y) {
                    continue;
                }
                let nd = d + step;
                if nd < best[y] {
                    best[y] = nd;
                    if step == 0 {
                        dq.push_front(y);
                    } else {
                        dq.push_back(y);
                    }
                }
            }
        }
        (best[to] != u32::MAX).then_some(best[to])
    }

    /// Every link as (from, to, kind, token ids), sorted: for state dumps.
    pub fn links(&self) -> Vec<(usize, usize, String, Vec<String>)> {
        let mut v: Vec<_> = self
            .graph
            .edge_references()
            .map(|e| {
                (
                    e.source().index(),
                    e.target().index(),
                    e.weight().kind.name(),
                    e.weight().tokens.iter().map(|t| t.id.clone()).collect(),
                )
            })
            .collect();
        v.sort();
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(n: usize) -> Galaxy {
        let mut g = Galaxy::default();
        for _ in 0..n {
            g.add_node();
        }
        for i in 0..n - 1 {
            g.link(i, i + 1, LinkKind::border(), false);
        }
        g
    }

    #[test]
    fn move_cost_counts_links() {
        let g = line(5);
        assert_eq!(g.move_cost(0, 4, &MoveRules::default()), Some(4));
        assert_eq!(g.move_cost(4, 0, &MoveRules::default()), Some(4));
    }

    #[test]
    fn blocked_and_stop_systems_cut_paths() {
        let g = line(4);
        let mut r = MoveRules::default();
        r.stop.insert(2);
        assert_eq!(g.move_cost(0, 3, &r), None);
        assert_eq!(g.move_cost(0, 2, &r), Some(2));
        let mut r = MoveRules::default();
        r.blocked.insert(1);
        assert_eq!(g.move_cost(0, 1, &r), None);
    }

    #[test]
    fn free_exit_gives_a_bonus() {
        let g = line(4);
        let mut r = MoveRules::default();
        r.free_exit.insert(1);
        assert_eq!(g.move_cost(0, 3, &r), Some(2));
    }

    #[test]
    fn wormholes_and_one_way_tokens() {
        let mut g = line(5);
        g.link(0, 4, LinkKind::parse("wormhole:alpha"), false);
        assert_eq!(g.move_cost(0, 4, &MoveRules::default()), Some(1));
        let mut r = MoveRules::default();
        r.no_kinds.insert("wormhole:alpha".into());
        assert_eq!(g.move_cost(0, 4, &r), Some(4));
        // A one-way token on 1->2 blocks movement that way only.
        let tok = BorderToken {
            id: "wall".into(),
            blocks: ["move".to_string()].into_iter().collect(),
        };
        let mut g = line(3);
        assert!(g.place_token(1, 2, tok, true));
        assert_eq!(g.move_cost(0, 2, &MoveRules::default()), None);
        assert_eq!(g.move_cost(2, 0, &MoveRules::default()), Some(2));
        // ...and not other purposes.
        assert_eq!(g.within(1, 1, "space_cannon").len(), 3);
        assert_eq!(g.within(1, 1, "move").len(), 2);
    }
}
