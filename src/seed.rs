//! Seeded random streams.
//!
//! Every random choice in featrank takes a user seed. Work that runs in parallel draws from its own stream,
//! derived from the seed and the work item's coordinates (e.g. repeat, ranking) — never from a shared
//! generator — so results are identical whatever the number of threads.
//!
//! ```
//! use rand::Rng;
//! let a: u64 = featrank::seed::rng_for(7, &[1, 2]).r#gen();
//! let b: u64 = featrank::seed::rng_for(7, &[1, 2]).r#gen();
//! let c: u64 = featrank::seed::rng_for(7, &[2, 1]).r#gen();
//! assert_eq!(a, b);
//! assert_ne!(a, c);
//! ```

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The generator featrank uses everywhere.
pub type Rng = ChaCha8Rng;

/// SplitMix64 finaliser: a bijective mix of 64 bits.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A generator for the stream `path` (e.g. `[repeat]` or `[ranking, repeat]`) under `seed`.
pub fn rng_for(seed: u64, path: &[u64]) -> Rng {
    let key = path
        .iter()
        .fold(mix(seed ^ 0x9e37_79b9_7f4a_7c15), |acc, &p| mix(acc ^ mix(p.wrapping_add(0x632b_e59b_d9b4_e019))));
    ChaCha8Rng::seed_from_u64(key)
}

/// One bootstrap draw: `n` positions in `0..n`, drawn uniformly with replacement from `rng`. The one draw
/// behind random-forest trees, ranking ensembles and bootstrap stability.
///
/// ```
/// let rows = featrank::seed::bootstrap(&mut featrank::seed::rng_for(1, &[0]), 10);
/// assert_eq!(rows.len(), 10);
/// assert!(rows.iter().all(|&r| r < 10));
/// ```
pub fn bootstrap(rng: &mut Rng, n: usize) -> Vec<usize> {
    use rand::Rng as _;
    (0..n).map(|_| rng.gen_range(0..n)).collect()
}
