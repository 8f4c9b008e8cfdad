//! Reproductions of seed 003 §2.1–2.2 by simulation.
