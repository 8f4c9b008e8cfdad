//! MaSM paper claims (seed 000) reproduced by running the algorithm core and the baselines on
//! the device models; the paper's numbers are only the reference, tolerances are fixed here.
//! `masm::claims` lists them in paper order (the lab's one `claims()`).
//!
//! 1. `fig10_theorem`: Theorems 3.1/3.2 and Fig. 10, writes per update measured at M = 256.
//! 2. `table3_lsm`: Table III and §4.5's LSM/MaSM write ratio.
//! 3. `fig12_model`: Figs. 12–13, update fetch against main-data read, on the paper-scale
//!    devices that `setup` builds (shared with Fig. 16).
//! 4. `fig16_slowdown`: Fig. 16, scan slowdown of in-place, IU, MaSM coarse and fine index.
//! 5. `fig17_fill`: Fig. 17, MaSM scans with the cache 25–99 % full.
//! 6. `fig18_speed`: Fig. 18, MaSM scans while updates arrive at 2,000–10,000 per scan.
//! 7. `fig19_hdd_cache`: Fig. 19, MaSM with its update cache on a second disk;
//!    `fig19_positioning` times its granule reads in three service orders.
//! 8. `fig20_migration`: Fig. 20, migration time against a pure table scan.
//! 9. `fig21_sustained`: Fig. 21, sustained update rate against SSD space, and in-place's.
//! 10. `fig22_cpu`: Fig. 22, 10 GB scans with CPU work per record (`cpu_pipeline`: the query's
//!     CPU overlapped with the scan's I/O), pure against MaSM.
//!     Figs. 23–24 are not built: Fig. 23 runs on a RAM disk, where MaSM's own merge CPU (the
//!     start-up search per run, the per-record merge) is the whole cost and the model times none
//!     of it (said in the lab's leaves-out list); Fig. 24 replays I/O traces of TPC-H queries,
//!     which the paper does not publish.
//!
//! 11. `course`: the lab scenario of each device-timed claim's run, at course scale;
//!     `seeded`: the seeds and claims plumbing of Figs. 17, 18 and 22.
//!
//! Every reproduction states its granularity in `method`: the paper's page counts, run counts
//! and device sizes, with a simulated update record standing for a group of real ones.

pub mod course;
pub mod cpu_pipeline;
pub mod fig10_theorem;
pub mod fig12_model;
pub mod fig16_slowdown;
pub mod fig17_fill;
pub mod fig18_speed;
pub mod fig19_hdd_cache;
pub mod fig19_positioning;
pub mod fig20_migration;
pub mod fig21_sustained;
pub mod fig22_cpu;
pub mod seeded;
pub mod setup;
pub mod table3_lsm;
