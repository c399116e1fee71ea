//! NumPy `.npy` arrays in and out of the simulator's memory, through the `npyz` crate (chosen
//! over `ndarray-npy`: it reads and writes any header's descr, `<V2` included, without
//! `ndarray`, and it exposes the header and the raw data so bytes go to memory as they are).
//!
//! An array is its elements' bytes, little-endian, C order. The element format is the
//! simulator's [`Format`]; the descr of each is the one `np.save` writes for the NumPy or
//! ml_dtypes type of that name (ml_dtypes 0.6.0 on NumPy 2.3.5): `<f4`, `<f2`, `|i1`, `<u2`, …
//! and, for the ml_dtypes types, `<V2` (bfloat16) and `<V1` (the float8 and float4 forms).
//! `np.load` gives those back as `|V2`/`|V1` arrays, read with `.view(ml_dtypes.bfloat16)`.
//! `np.save` writes `<f1` for float8_e5m2, which `np.load` refuses; a dump writes `<V1` for
//! it (a choice, so that `np.load` opens every dump), and a load accepts both.

use std::path::Path;

use isa_sim::numeric::Format;
use npyz::WriterBuilder;

use crate::error::CliError;

/// An array read from a `.npy` file: its shape and its elements' bytes in C order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Array {
    /// The shape, outermost first.
    pub shape: Vec<usize>,
    /// Bytes of one element.
    pub item: usize,
    /// Every element's bytes, little-endian, in C order.
    pub data: Vec<u8>,
}

/// The descr a dump of `format` writes: what `np.save` writes for it, `<V1` for float8_e5m2.
pub fn descr(format: Format) -> &'static str {
    match format {
        Format::Float32 => "<f4",
        Format::Float16 => "<f2",
        Format::BFloat16 => "<V2",
        Format::UInt8 => "|u1",
        Format::Int8 => "|i1",
        Format::UInt16 => "<u2",
        Format::Int16 => "<i2",
        Format::UInt32 => "<u4",
        Format::Int32 => "<i4",
        Format::UInt64 => "<u8",
        Format::Int64 => "<i8",
        _ => "<V1",
    }
}

/// Reads the array of `path`: a C-order array of little-endian numbers or raw bytes (`f`, `i`,
/// `u`, `b`, `V` descrs). Anything else — big-endian, Fortran order, records, objects — is an
/// error naming the file.
pub fn read(path: &Path) -> Result<Array, CliError> {
    let bad = |why: String| CliError::Npy {
        path: path.display().to_string(),
        why,
    };
    let bytes = std::fs::read(path).map_err(|source| CliError::Read {
        path: path.display().to_string(),
        source,
    })?;
    let file = npyz::NpyFile::new(bytes.as_slice()).map_err(|e| bad(e.to_string()))?;
    let npyz::DType::Plain(ty) = file.dtype() else {
        return Err(bad(format!(
            "dtype {} is a record or sub-array; give plain numbers",
            file.dtype().descr()
        )));
    };
    let item = ty.num_bytes().unwrap_or(0);
    let little = matches!(
        ty.endianness(),
        npyz::Endianness::Little | npyz::Endianness::Irrelevant
    ) || item == 1;
    let plain = matches!(
        ty.type_char(),
        npyz::TypeChar::Float
            | npyz::TypeChar::Int
            | npyz::TypeChar::Uint
            | npyz::TypeChar::Bool
            | npyz::TypeChar::RawData
    );
    if !little || !plain || item == 0 {
        return Err(bad(format!(
            "dtype {ty} is not little-endian numbers or raw bytes"
        )));
    }
    if file.order() != npyz::Order::C {
        return Err(bad("is in Fortran order; save a C-order array".into()));
    }
    let shape: Vec<usize> = file.shape().iter().map(|&n| n as usize).collect();
    let data = file.into_inner().to_vec();
    let want = shape.iter().product::<usize>() * item;
    if data.len() != want {
        return Err(bad(format!(
            "holds {} data bytes, its header says {want}",
            data.len()
        )));
    }
    Ok(Array { shape, item, data })
}

/// The `.npy` file of `data`, elements of `format` in C order of `shape`.
pub fn encode(format: Format, shape: &[usize], data: &[u8]) -> Result<Vec<u8>, String> {
    let ty: npyz::TypeStr = descr(format).parse().map_err(|e| format!("{e}"))?;
    let shape: Vec<u64> = shape.iter().map(|&n| n as u64).collect();
    let mut out = Vec::new();
    npyz::WriteOptions::new_header_only()
        .dtype(npyz::DType::Plain(ty))
        .shape(&shape)
        .writer(&mut out)
        .write_header_only()
        .map_err(|e| e.to_string())?;
    out.extend_from_slice(data);
    Ok(out)
}
