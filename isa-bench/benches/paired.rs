//! Paired timing of two kernels: on a machine whose neighbours come and go, a ratio of two
//! figures measured a minute apart moves with whatever ran in between. Here the two kernels
//! alternate, round after round, each round timing both over the same few milliseconds, and the
//! ratio is the median of the rounds' ratios.

use std::time::{Duration, Instant};

/// Rounds per ratio (odd, so the median is one round's ratio).
const ROUNDS: usize = 31;
/// About how long one kernel runs per round.
const SLICE: Duration = Duration::from_millis(15);

/// The median over alternating rounds of `time(peer) / time(generated)`: `run(true)` runs the
/// generated kernel once, `run(false)` the peer's. Above 1, the generated kernel is faster.
pub fn ratio(mut run: impl FnMut(bool) -> usize) -> f64 {
    // How many runs fill a slice, from one timed run of each.
    let once = |run: &mut dyn FnMut(bool) -> usize, which| {
        let t = Instant::now();
        std::hint::black_box(run(which));
        t.elapsed().max(Duration::from_nanos(1))
    };
    let per = once(&mut run, true).max(once(&mut run, false));
    let reps = (SLICE.as_nanos() / per.as_nanos()).clamp(1, 1_000_000) as usize;
    let mut time = |which: bool| {
        let t = Instant::now();
        for _ in 0..reps {
            std::hint::black_box(run(which));
        }
        t.elapsed().as_secs_f64()
    };
    let mut ratios: Vec<f64> = (0..ROUNDS)
        .map(|round| {
            // Alternate which goes first, so neither always follows the other.
            if round % 2 == 0 {
                let g = time(true);
                time(false) / g
            } else {
                let p = time(false);
                p / time(true)
            }
        })
        .collect();
    ratios.sort_by(f64::total_cmp);
    ratios[ROUNDS / 2]
}
