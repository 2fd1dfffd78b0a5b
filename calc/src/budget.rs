//! How a search is told to stop: a node budget, or a caller's callback (a clock, a key press).
//! Every game's searches take the same [`Budget`]: Connect Four's alpha-beta engine, Othello's
//! search and endgame solver.
//!
//! Searches count nodes and, every [`CHECK_INTERVAL`] nodes, ask their [`Budget`] whether to go
//! on. A node budget stops at the same node natively and on the 68000, so results stay
//! identical everywhere; a time budget is only ever the caller's callback (the core has no
//! clock).

/// Nodes between two questions to the budget.
pub const CHECK_INTERVAL: u64 = 1024;

/// Decides when a search must stop.
pub trait Budget {
    /// Asked every [`CHECK_INTERVAL`] nodes with the nodes searched so far; `true` stops the
    /// search.
    fn exhausted(&mut self, nodes: u64) -> bool;
}

/// Never stops.
#[derive(Clone, Copy, Debug, Default)]
pub struct Unlimited;

impl Budget for Unlimited {
    fn exhausted(&mut self, _nodes: u64) -> bool {
        false
    }
}

/// Stops at the first check at or past this many nodes.
#[derive(Clone, Copy, Debug)]
pub struct NodeLimit(pub u64);

impl Budget for NodeLimit {
    fn exhausted(&mut self, nodes: u64) -> bool {
        nodes >= self.0
    }
}

/// Any `FnMut(nodes) -> stop` closure is a budget (for example a host clock).
impl<F: FnMut(u64) -> bool> Budget for F {
    fn exhausted(&mut self, nodes: u64) -> bool {
        self(nodes)
    }
}

/// The search was stopped by its budget before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// Nodes searched until then.
    pub nodes: u64,
}

/// The node counter of a search, asking its budget every [`CHECK_INTERVAL`] nodes.
///
/// A tick counts down to the next check in 32 bits (`left`) rather than adding to a 64-bit
/// count and comparing it with the next check's: on the 68000 that was some 30 instructions a
/// node, the countdown is three. The nodes so far are the next check's count minus what is
/// left ([`Meter::nodes`]).
pub(crate) struct Meter<'b, B: Budget> {
    budget: &'b mut B,
    /// The node count at which the budget is asked next.
    next_check: u64,
    /// Nodes until then (0 or less: ask at the next tick).
    left: i32,
    /// Set once the budget said stop.
    pub stopped: bool,
}

impl<'b, B: Budget> Meter<'b, B> {
    /// A counter at zero.
    pub fn new(budget: &'b mut B) -> Meter<'b, B> {
        Meter::starting_at(budget, 0)
    }

    /// A counter that goes on from `nodes` already searched (by an earlier phase).
    pub fn starting_at(budget: &'b mut B, nodes: u64) -> Meter<'b, B> {
        Meter {
            budget,
            next_check: nodes + CHECK_INTERVAL,
            left: CHECK_INTERVAL as i32,
            stopped: false,
        }
    }

    /// Nodes counted so far.
    pub fn nodes(&self) -> u64 {
        self.next_check.wrapping_sub(self.left as i64 as u64)
    }

    /// Counts one node without asking the budget (the next tick asks if it is due).
    #[inline(always)]
    pub fn count(&mut self) {
        self.left -= 1;
    }

    /// Counts one node; true when the search must unwind. Only a due check reads whether the
    /// search was stopped: once stopped, every tick is one (a read of `stopped` at every node
    /// cost the 68000 some 70 cycles).
    #[inline(always)]
    pub fn tick(&mut self) -> bool {
        self.left -= 1;
        if self.left <= 0 {
            return self.check();
        }
        false
    }

    /// Asks the budget (a check is due), unless the search was stopped already, and sets the
    /// next check; true when the search must unwind. Stopped, the count goes on from the
    /// nodes so far with nothing left, so that every later tick comes here.
    #[inline(never)]
    fn check(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        let nodes = self.nodes();
        if self.budget.exhausted(nodes) {
            self.stopped = true;
            self.next_check = nodes;
            self.left = 0;
            return true;
        }
        self.next_check = nodes + CHECK_INTERVAL;
        self.left = CHECK_INTERVAL as i32;
        false
    }
}
