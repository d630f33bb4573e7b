//! The report layer, at the edge: figures drawn as SVG ([`Figure`]), HTML tables ([`Table`]) and every
//! `evcxr_display` method that shows a result inline in a Jupyter notebook. Nothing below this layer knows
//! about notebooks or drawing.

mod describe;
pub mod display;
pub mod figure;

pub use display::Table;
pub use figure::Figure;
