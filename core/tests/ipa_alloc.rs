//! The IPA transaction path allocates only amortized growth (issue 10 "Performance";
//! `ipa/scratch.rs`): once a store has run for a while, further TPC-C transactions allocate
//! only when a growing structure doubles (the write-ahead log, a key-index table), not per
//! operation, per write-back or per new page. A counting global allocator (this test binary
//! only) sees every allocation and reallocation.
//!
//! 1. Load a TPC-C database (16 frames, the device fitted 85 % full) and warm it up with 1,000
//!    transactions, so the buffer pool and its scratch buffers have reached their size.
//! 2. Count the allocations of the next 2,000 transactions (about 36,000 operations, 12,000
//!    write-backs, GC erases, and a few dozen new ORDER and HISTORY pages).
//! 3. Measured on 2026-11-25: 11, three per `run_txns` call (the counters' snapshot, the ops
//!    buffer) and eight doublings. One allocation per transaction would give 2,000; one per new
//!    page (before new pages reused an evicted frame) gave 63. The bound is 24.

// A global allocator is an unsafe trait: this test binary, and only it, wraps the system
// allocator to count calls (the workspace denies unsafe code everywhere else).
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

use flashlab_core::ipa::reproduce::gc::fit_device;
use flashlab_core::ipa::workload::{Workload, execute, run_txns, tpcc::TpcC};
use flashlab_core::ipa::{IpaStore, StoreConfig};

struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

// SAFETY: every call is forwarded unchanged to the system allocator; only a counter is added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract for `alloc` is passed on as is.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` above with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract for `realloc` is passed on as is.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn tpcc_transactions_allocate_only_amortized_growth() {
    // Step 1.
    let base = StoreConfig {
        buffer_frames: 16,
        ..StoreConfig::small_slc()
    };
    let cfg = fit_device(&base, 1000 + 500 + 11 + 4000, 0.85);
    let mut store = IpaStore::new(cfg).expect("a valid configuration");
    let mut workload = Workload::TpcC(TpcC::new(1000, 500));
    for op in workload.load() {
        execute(&mut store, &op).expect("the load fits");
    }
    store.checkpoint().expect("checkpoint");
    run_txns(&mut store, &mut workload, 1, 1000).expect("warm-up");
    // Step 2.
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let measured = run_txns(&mut store, &mut workload, 2, 2000).expect("measured run");
    let allocations = ALLOCATIONS.load(Ordering::Relaxed) - before;
    // Step 3: the run did the work the bound is about.
    assert!(measured.store.write_backs > 10_000, "{:?}", measured.store);
    assert!(measured.flash.erases > 50, "{:?}", measured.flash);
    assert!(measured.store.new_page_writes > 10, "{:?}", measured.store);
    assert!(
        allocations <= 24,
        "{allocations} allocations in 2,000 transactions ({} write-backs)",
        measured.store.write_backs
    );
}
