//! Append/Pack (seed 003 §2.2).
