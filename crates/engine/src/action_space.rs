//! Fixed action ids (OpenSpiel's `num_distinct_actions`): every game lays its
//! actions out as consecutive blocks, one per kind of action, and numbers the
//! actions inside a block by a mixed-radix number of their parameters.
//!
//! Why blocks: the id of an action then depends on the action alone (never on
//! the state or on what else is legal), so the same move always has the same
//! id, in every game, replay and server version that keeps the layout. The
//! layout is data, so the documentation in `docs/action-ids.md` is generated
//! from it and a test keeps the two equal.

/// One kind of action: `size` consecutive ids.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    /// The action's notation keyword (`PLAY`).
    pub name: &'static str,
    /// How many ids the block spans.
    pub size: usize,
    /// How an action's parameters become its position in the block, for the
    /// documentation (`card index (0..7)`).
    pub layout: String,
}

impl Block {
    pub fn new(name: &'static str, size: usize, layout: impl Into<String>) -> Self {
        Self {
            name,
            size,
            layout: layout.into(),
        }
    }
}

/// The fixed action space of one game: its blocks in id order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionSpace {
    blocks: Vec<Block>,
    offsets: Vec<usize>,
    total: usize,
}

impl ActionSpace {
    pub fn new(blocks: Vec<Block>) -> Self {
        let mut offsets = Vec::with_capacity(blocks.len());
        let mut total = 0;
        for b in &blocks {
            offsets.push(total);
            total += b.size;
        }
        Self {
            blocks,
            offsets,
            total,
        }
    }

    /// `num_distinct_actions`: every id is below it.
    pub fn len(&self) -> usize {
        self.total
    }

    pub fn is_empty(&self) -> bool {
        self.total == 0
    }

    pub fn blocks(&self) -> &[Block] {
        &self.blocks
    }

    /// The id of the action at `position` of block number `block`.
    ///
    /// A position past the block is a bug in the game's encoder (its
    /// parameters are bounded by construction); tests check every id of many
    /// random games is in range and unique, so it is only asserted in debug
    /// builds and clamped to the block's last id otherwise.
    pub fn id(&self, block: usize, position: usize) -> usize {
        let (Some(offset), Some(b)) = (self.offsets.get(block), self.blocks.get(block)) else {
            debug_assert!(false, "no action block {block}");
            return 0;
        };
        debug_assert!(
            position < b.size,
            "{} position {position} >= {}",
            b.name,
            b.size
        );
        offset + position.min(b.size.saturating_sub(1))
    }

    /// The block an id falls in and its position inside it.
    pub fn locate(&self, id: usize) -> Option<(&Block, usize)> {
        let i = self.offsets.partition_point(|o| *o <= id).checked_sub(1)?;
        (id < self.total).then(|| (&self.blocks[i], id - self.offsets[i]))
    }

    /// The layout as a Markdown table (what `docs/action-ids.md` shows).
    pub fn markdown(&self) -> String {
        let mut out = String::from("| ids | action | position in the block |\n|---|---|---|\n");
        for (b, o) in self.blocks.iter().zip(&self.offsets) {
            let range = if b.size == 1 {
                format!("{o}")
            } else {
                format!("{o}–{}", o + b.size - 1)
            };
            out.push_str(&format!("| {range} | `{}` | {} |\n", b.name, b.layout));
        }
        out.push_str(&format!("\n`num_distinct_actions` = {}\n", self.total));
        out
    }
}

/// A mixed-radix number from `(value, base)` digits, most significant first:
/// the position of a tuple of bounded parameters inside its block.
pub fn mixed(digits: &[(usize, usize)]) -> usize {
    digits.iter().fold(0, |acc, (value, base)| {
        debug_assert!(value < base, "digit {value} >= base {base}");
        acc * base + (*value).min(base.saturating_sub(1))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_consecutive_and_locate_inverts_id() {
        let space = ActionSpace::new(vec![
            Block::new("PASS", 1, "-"),
            Block::new("PLAY", 7, "card"),
            Block::new("TAKE", 24, "province × faction"),
        ]);
        assert_eq!(space.len(), 32);
        assert_eq!(space.id(0, 0), 0);
        assert_eq!(space.id(1, 6), 7);
        assert_eq!(space.id(2, 0), 8);
        for id in 0..space.len() {
            let (b, pos) = space.locate(id).expect("in range");
            let block = space.blocks().iter().position(|x| x == b).expect("block");
            assert_eq!(space.id(block, pos), id);
        }
        assert!(space.locate(32).is_none());
    }

    #[test]
    fn mixed_radix_is_row_major() {
        assert_eq!(mixed(&[(2, 8), (1, 3)]), 7);
        assert_eq!(mixed(&[(7, 8), (2, 3), (7, 8), (2, 3)]), 575);
        assert_eq!(mixed(&[]), 0);
    }
}
