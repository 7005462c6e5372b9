//! NumPy's `default_rng(seed)` and the draws sacrebleu's significance tests make with it, bit for
//! bit: `SeedSequence` (entropy mixing and `generate_state`), the PCG64 bit generator (XSL-RR 128/64
//! with NumPy's buffered 32-bit outputs), `Generator.choice(n, size, replace=True)` (Lemire's
//! bounded integers, 32- or 64-bit by the range) and `Generator.integers(2, size, dtype=bool)`
//! (one bit of a 32-bit output at a time). Matching NumPy lets the commands and the Python API
//! resample exactly as sacrebleu does without importing NumPy (about 50 ms of start-up).

const INIT_A: u32 = 0x43b0_d7e5;
const MULT_A: u32 = 0x931e_8875;
const INIT_B: u32 = 0x8b51_f9dd;
const MULT_B: u32 = 0x58f3_8ded;
const MIX_MULT_L: u32 = 0xca01_f9dd;
const MIX_MULT_R: u32 = 0x4973_f715;
const XSHIFT: u32 = 16;
const POOL_SIZE: usize = 4;

fn hashmix(value: u32, hash_const: &mut u32) -> u32 {
    let mut v = value ^ *hash_const;
    *hash_const = hash_const.wrapping_mul(MULT_A);
    v = v.wrapping_mul(*hash_const);
    v ^ (v >> XSHIFT)
}

fn mix(x: u32, y: u32) -> u32 {
    let r = MIX_MULT_L.wrapping_mul(x).wrapping_sub(MIX_MULT_R.wrapping_mul(y));
    r ^ (r >> XSHIFT)
}

/// NumPy's `SeedSequence(entropy)` (no spawn key, pool of 4 words): `entropy` is the seed as
/// little-endian 32-bit words (`[0]` for the seed 0), as NumPy splits a non-negative integer.
pub fn seed_sequence_pool(entropy: &[u32]) -> [u32; POOL_SIZE] {
    let mut pool = [0u32; POOL_SIZE];
    let mut hash_const = INIT_A;
    for (i, p) in pool.iter_mut().enumerate() {
        *p = hashmix(entropy.get(i).copied().unwrap_or(0), &mut hash_const);
    }
    for src in 0..POOL_SIZE {
        for dst in 0..POOL_SIZE {
            if src != dst {
                pool[dst] = mix(pool[dst], hashmix(pool[src], &mut hash_const));
            }
        }
    }
    for &e in entropy.iter().skip(POOL_SIZE) {
        for p in pool.iter_mut() {
            *p = mix(*p, hashmix(e, &mut hash_const));
        }
    }
    pool
}

/// `SeedSequence.generate_state(n, np.uint64)` of a pool.
pub fn generate_state_u64(pool: &[u32; POOL_SIZE], n: usize) -> Vec<u64> {
    let mut hash_const = INIT_B;
    let words: Vec<u32> = (0..2 * n)
        .map(|i| {
            let mut v = pool[i % POOL_SIZE] ^ hash_const;
            hash_const = hash_const.wrapping_mul(MULT_B);
            v = v.wrapping_mul(hash_const);
            v ^ (v >> XSHIFT)
        })
        .collect();
    words.chunks(2).map(|w| w[0] as u64 | (w[1] as u64) << 32).collect()
}

const PCG_MULT: u128 = (0x2360_ED05_1FC6_5DA4u128 << 64) | 0x4385_DF64_9FCC_F645;

/// The bits of NumPy's boolean draws not used yet: one 32-bit output serves 32 draws.
#[derive(Clone, Copy, Debug, Default)]
pub struct BoolBuffer {
    bits: u32,
    left: u32,
}

/// NumPy's `PCG64` bit generator, with its one buffered half of a 64-bit output.
#[derive(Clone, Debug)]
pub struct Pcg64 {
    state: u128,
    inc: u128,
    spare: Option<u32>,
}

impl Pcg64 {
    /// `PCG64(SeedSequence(entropy))`.
    pub fn from_entropy(entropy: &[u32]) -> Self {
        let s = generate_state_u64(&seed_sequence_pool(entropy), 4);
        let init_state = (s[0] as u128) << 64 | s[1] as u128;
        let init_seq = (s[2] as u128) << 64 | s[3] as u128;
        let mut g = Pcg64 { state: 0, inc: (init_seq << 1) | 1, spare: None };
        g.step();
        g.state = g.state.wrapping_add(init_state);
        g.step();
        g
    }

    #[inline]
    fn step(&mut self) {
        self.state = self.state.wrapping_mul(PCG_MULT).wrapping_add(self.inc);
    }

    /// `next_uint64`: step, then the XSL-RR output of the new state.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.step();
        let s = self.state;
        ((s >> 64) as u64 ^ s as u64).rotate_right((s >> 122) as u32)
    }

    /// `next_uint32`: the low half of a fresh 64-bit output, keeping the high half for the next call.
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        if let Some(v) = self.spare.take() {
            return v;
        }
        let x = self.next_u64();
        self.spare = Some((x >> 32) as u32);
        x as u32
    }

    /// A uniform integer in `0..=rng` by Lemire's method with 64-bit outputs, as NumPy's
    /// `bounded_lemire_uint64` (`rng < u64::MAX`).
    fn bounded_u64(&mut self, rng: u64) -> u64 {
        let excl = rng + 1;
        let mut m = self.next_u64() as u128 * excl as u128;
        let mut left = m as u64;
        if left < excl {
            let threshold = (u64::MAX - rng) % excl;
            while left < threshold {
                m = self.next_u64() as u128 * excl as u128;
                left = m as u64;
            }
        }
        (m >> 64) as u64
    }

    /// `Generator.choice(n, size=count, replace=True)` (that is `integers(0, n, count)`, int64),
    /// row-major; `n >= 1`.
    pub fn choice(&mut self, n: u64, count: usize) -> Vec<u64> {
        let rng = n - 1;
        if rng <= u32::MAX as u64 {
            let mut out = vec![0u32; count];
            self.fill_choice_u32(n, &mut out);
            out.into_iter().map(u64::from).collect()
        } else if rng == u64::MAX {
            (0..count).map(|_| self.next_u64()).collect()
        } else {
            (0..count).map(|_| self.bounded_u64(rng)).collect()
        }
    }

    /// [`Pcg64::choice`] into 32-bit results, `1 <= n <= 2**32`: the next `out.len()` draws, by
    /// Lemire's method on 32-bit outputs as NumPy's `buffered_bounded_lemire_uint32`.
    pub fn fill_choice_u32(&mut self, n: u64, out: &mut [u32]) {
        self.fill_choice(n, out)
    }

    /// [`Pcg64::fill_choice_u32`] into any integer type that holds every draw (`u16` for
    /// `n <= 2**16`).
    pub fn fill_choice<T: From<u16> + TryFrom<u32>>(&mut self, n: u64, out: &mut [T]) {
        debug_assert!((1..=1 << 32).contains(&n));
        let rng = n - 1;
        if rng == 0 {
            out.iter_mut().for_each(|o| *o = T::from(0));
            return;
        }
        // Every draw is below `n`, and the caller chose `T` to hold `n - 1`: this never fails.
        let put = |v: u32| T::try_from(v).unwrap_or_else(|_| unreachable!("an index type too small for {n}"));
        // The buffered half lives in locals for the loop (registers, not memory).
        let (mut spare, mut has_spare) = (self.spare.unwrap_or(0), self.spare.is_some());
        let mut next = || {
            if has_spare {
                has_spare = false;
                spare
            } else {
                let x = self.next_u64();
                spare = (x >> 32) as u32;
                has_spare = true;
                x as u32
            }
        };
        if rng == u32::MAX as u64 {
            out.iter_mut().for_each(|o| *o = put(next()));
        } else {
            let rng = rng as u32;
            let excl = rng + 1;
            let threshold = (u32::MAX - rng) % excl;
            for o in out.iter_mut() {
                let mut m = next() as u64 * excl as u64;
                // Lemire's rejection, as `buffered_bounded_lemire_uint32` (`excl` bounds the threshold).
                if (m as u32) < excl {
                    while (m as u32) < threshold {
                        m = next() as u64 * excl as u64;
                    }
                }
                *o = put((m >> 32) as u32);
            }
        }
        self.spare = has_spare.then_some(spare);
    }

    /// `Generator.integers(2, size=out.len(), dtype=bool)`: one bit per draw from a 32-bit output,
    /// lowest bit first, a fresh output every 32 draws (the buffer lives for one call).
    pub fn fill_booleans(&mut self, out: &mut [bool]) {
        self.fill_booleans_from(&mut BoolBuffer::default(), out)
    }

    /// [`Pcg64::fill_booleans`] in pieces: consecutive calls with the same `buffer` draw what one
    /// call over all the pieces draws.
    pub fn fill_booleans_from(&mut self, buffer: &mut BoolBuffer, out: &mut [bool]) {
        let BoolBuffer { bits: mut buf, mut left } = *buffer;
        for o in out.iter_mut() {
            if left == 0 {
                buf = self.next_u32();
                left = 31;
            } else {
                buf >>= 1;
                left -= 1;
            }
            *o = buf & 1 != 0;
        }
        *buffer = BoolBuffer { bits: buf, left };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Expected values printed by NumPy 2.4 (`SeedSequence(12345).pool`, `.generate_state(4,
    // np.uint64)`, `default_rng(s).bit_generator.random_raw`, `.choice`, `.integers(2, dtype=bool)`).
    #[test]
    fn seed_sequence_and_pcg64_match_numpy() {
        assert_eq!(seed_sequence_pool(&[12345]), [0xf293d734, 0xfd668225, 0xf94ff895, 0x872090a0]);
        assert_eq!(
            generate_state_u64(&seed_sequence_pool(&[12345]), 4),
            [0xb5ae6482a03d837c, 0xbbe2996ffa1f7a2f, 0x64e39a9f37158f94, 0x3ebb0f96a013fd73]
        );
        let mut g = Pcg64::from_entropy(&[12345]);
        let raw: Vec<u64> = (0..3).map(|_| g.next_u64()).collect();
        assert_eq!(raw, [0x3a32b18db2ffc19d, 0x51171315c9e4c4de, 0xcc2024823444efd9]);
    }

    #[test]
    fn draws_match_numpy() {
        let mut g = Pcg64::from_entropy(&[12345]);
        assert_eq!(
            g.choice(3004, 16),
            [2100, 682, 2369, 951, 613, 2395, 1930, 2031, 2969, 1174, 2521, 999, 1704, 1797, 640, 560]
        );
        let mut g = Pcg64::from_entropy(&[12345]);
        let mut bits = [false; 80];
        g.fill_booleans(&mut bits);
        let bits: Vec<u8> = bits.into_iter().map(u8::from).collect();
        let expected = "1011100110000011111111110100110110110001\
                        1000110101001100010111000111101100100011";
        assert_eq!(bits, expected.bytes().map(|b| b - b'0').collect::<Vec<_>>());
        // The generator goes on where the booleans left it (sacrebleu's AR interval draws).
        assert_eq!(g.choice(10, 10), [3, 2, 7, 6, 6, 9, 3, 8, 3, 5]);
        // 2**70 + 5: three 32-bit words of entropy.
        let mut g = Pcg64::from_entropy(&[5, 0, 64]);
        assert_eq!(g.choice(7, 10), [3, 1, 3, 1, 2, 4, 6, 1, 4, 3]);
        let mut g = Pcg64::from_entropy(&[0]);
        assert_eq!(g.choice(1, 3), [0, 0, 0]);
        assert_eq!(g.choice(1 << 32, 3), [3653403231, 2735729615, 2195314465]);
        assert_eq!(g.choice((1 << 33) + 1, 3), [351959890, 141971308, 6985938161]);
        let mut a = Pcg64::from_entropy(&[7]);
        let mut b = a.clone();
        for n in [1, 2, 3004, 1 << 32] {
            let mut rows = vec![0u32; 5000];
            a.fill_choice_u32(n, &mut rows[..1234]);
            a.fill_choice_u32(n, &mut rows[1234..]);
            assert_eq!(rows.iter().map(|&v| v as u64).collect::<Vec<_>>(), b.choice(n, 5000), "{n}");
        }
    }
}
