//! Which bytes of a block a 256-entry table flags, as a bit mask: scanners visit only the flagged
//! bytes (spaces, punctuation) instead of branching on every byte.

/// Bit `i` of the result is byte `i` of `flags`, whose bytes are all 0 or 1: the multiplier
/// moves byte `i` to bit `56 + i`, and no two partial products share a bit below that.
#[inline]
pub fn pack_bytes(flags: u64) -> u64 {
    flags.wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// Bit `k` is `table[block[k]]` for a block of at most 64 bytes and a table of 0s and 1s: one
/// lookup per byte, gathered eight at a time without a branch.
#[inline]
pub fn mask64(block: &[u8], table: &[u8; 256]) -> u64 {
    debug_assert!(block.len() <= 64);
    let mut mask = 0u64;
    let mut chunks = block.chunks_exact(8);
    for (j, c) in chunks.by_ref().enumerate() {
        let flags = u64::from_le_bytes([
            table[c[0] as usize],
            table[c[1] as usize],
            table[c[2] as usize],
            table[c[3] as usize],
            table[c[4] as usize],
            table[c[5] as usize],
            table[c[6] as usize],
            table[c[7] as usize],
        ]);
        mask |= pack_bytes(flags) << (8 * j);
    }
    let done = block.len() - chunks.remainder().len();
    for (k, &b) in chunks.remainder().iter().enumerate() {
        mask |= (table[b as usize] as u64) << (done + k);
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_bytes_gathers_one_bit_per_byte() {
        for bits in 0u64..256 {
            let v = (0..8).fold(0u64, |v, i| v | (((bits >> i) & 1) << (8 * i)));
            assert_eq!(pack_bytes(v), bits);
        }
    }

    #[test]
    fn mask64_flags_the_bytes_the_table_marks_at_every_length() {
        let mut table = [0u8; 256];
        table[b' ' as usize] = 1;
        table[0xE2] = 1;
        let text: Vec<u8> =
            (0..64u32).map(|i| [b'a', b' ', 0xE2, b'b', 0x80][(i * 7 % 5) as usize]).collect();
        for n in 0..=64 {
            let want = (0..n).filter(|&k| table[text[k] as usize] == 1).fold(0u64, |m, k| m | 1 << k);
            assert_eq!(mask64(&text[..n], &table), want, "length {n}");
        }
    }
}
