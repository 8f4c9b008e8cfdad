//! NAND flash cells: threshold voltages, ISPP programming, pages, blocks, wear (issue 3), and the
//! NAND lab that shows them one pulse at a time.
//!
//! Units: Vth in model volts (see `layout`), time in ns, wear in P/E cycles.
//!
//! 1. `coding`: SLC/MLC/TLC and the Gray-coded bits of each level (calibration.md A2).
//! 2. `layout`: where each state sits on the Vth axis, and the read references between states.
//! 3. `timing`: ISPP parameters, nominal loop counts, and latency from loops and senses.
//! 4. `wear`: P/E-driven noise and retention loss (Dong/Li/Zhang form, model illustration).
//! 5. `preset`: SLC, MLC, TLC with the source of every constant (`provenance`).
//! 6. `wordline`, `ispp`, `block`, `program`, `page_map`: the cell model as a library — a
//!    `Block` of `Wordline`s; program (pulse by pulse or to completion), append into erased
//!    cells, read with references, erase, bake; typed `NandError`s for refused operations.
//! 7. `lab`: `NandLab`, the scenario-driven lab; `claims`: its paper and datasheet claims.
//!
//! Library use (SSD and IPA labs):
//! ```
//! use std::sync::Arc;
//! use flashlab_core::device::nand::{Block, NandConfig};
//! use flashlab_core::sim::Rng;
//! let mut rng = Rng::new(1);
//! let mut block = Block::new(Arc::new(NandConfig::slc()), 4, 64, &mut rng);
//! let mut data = vec![true; 64];
//! data[..32].fill(false); // program the first half, leave the rest erased
//! let report = block.program(0, &data, &mut rng).unwrap();
//! assert!(!report.failed());
//! block.append(0, 48, &[false; 8], &mut rng).unwrap(); // in-place append into erased cells
//! assert!(block.append(0, 0, &[true; 8], &mut rng).is_err()); // 0 -> 1 needs an erase
//! assert_eq!(block.read_page(0, &mut rng).unwrap().bit_errors, 0);
//! ```

pub mod bench;
pub mod block;
pub mod calibration;
pub mod claims;
pub mod coding;
pub mod error;
pub mod ispp;
pub mod lab;
pub mod layout;
pub mod page_map;
pub mod plugin;
pub mod preset;
pub mod program;
pub mod provenance;
pub mod random;
mod sources;
pub mod timing;
pub mod wear;
pub mod wordline;

pub use block::{Block, EraseReport, PageRead};
pub use coding::CellType;
pub use error::NandError;
pub use ispp::{IsppRun, ProgramKind, ProgramOutcome, PulseReport};
pub use lab::NandLab;
pub use layout::{Placement, VthLayout};
pub use preset::NandConfig;
pub use program::ProgramReport;
pub use wordline::Wordline;
