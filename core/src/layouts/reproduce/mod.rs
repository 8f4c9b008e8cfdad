//! The paper's experiments computed by simulation, each number beside the paper's reference
//! (digest §5, E1–E11). Plain functions returning `Figure`s; not registered with the CLI yet.

pub mod runner;
