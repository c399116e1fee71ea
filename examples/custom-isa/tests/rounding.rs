//! This crate's own lookup tables: the second generation is declared as the first plus its
//! differences, and gives the bytes its documentation states.

use custom_isa::{Rounding, rounding_v1, rounding_v2};
use isa::core::Lut;

#[test]
fn the_second_generation_is_the_first_plus_stochastic_rounding() {
    assert_eq!(
        rounding_v1::ENTRIES,
        [
            (Rounding::Nearest, 0x00),
            (Rounding::Down, 0x01),
            (Rounding::Up, 0x02)
        ]
    );
    assert_eq!(
        rounding_v2::ENTRIES,
        [
            (Rounding::Nearest, 0x00),
            (Rounding::Down, 0x01),
            (Rounding::Up, 0x03),
            (Rounding::Stochastic, 0x02)
        ]
    );
    assert_eq!(rounding_v1::UNMAPPED, [Rounding::Stochastic]);
    assert_eq!(rounding_v2::UNMAPPED, []);
    assert_eq!(rounding_v2::decode(0x02), Some(Rounding::Stochastic));
    assert_eq!(rounding_v1::decode(0x02), Some(Rounding::Up));
    assert_eq!(rounding_v1::encode(&Rounding::Stochastic), None);
}
