//! Validation: a parsed body becomes a `LabConfig` (tree configuration, scheme, cost, preload and
//! each client's op list), or a `ScenarioError` naming the exact JSON path.
//!
//! 1. Params: β in 4..=64 and above γ (Thm 1), γ in 2..=16, κ0 in 1..=16, preload ≤ 20,000.
//!    The scheme picks the merge policy (`MergePolicy::FC`, `FC_NO_SHARING`, `DS`).
//! 2. Explicit ops: every field the op needs and no other; ranges with from ≤ to; client ≤ 15.
//!    Uniqueness is `check` (a present-key insert or missing-key delete is answered as
//!    rejected); `trusted` is refused with explicit ops, which may contain such ops.
//! 3. A generator is G_R from the scenario seed (Rem. A.7): lookups round-robin to the
//!    readers, a key's insert and delete to the same writer (so each client's order keeps them
//!    valid), as in `reproduce::fig6_worst`.
//! 4. `cost: ssd` (the default) runs block I/O on the SSD preset `ssd_preset` (one of
//!    `SSD_PRESETS`, default the paper's X25-E); the constant costs refuse a preset.
//! 5. `queues` puts the generated requests in a workload file for the paper's harness (§5):
//!    T_r = `readers`, T_w = `writers`, |Q_r| + |Q_w| = `slots` split by W_l; `compare` is
//!    refused with it (the compare runs need each client's own list). `kind: gt` is G_T
//!    (Rem. A.8) with its preload from `warehouses` and `customers_per_district`.
//! 6. `drop_rule` (teaching) drops one rule of FD+FC's latch protocol; refused for FD+DS and
//!    FD+XM, which do not have these rules.

use serde_json::{Map, Value};

use super::body::{
    FdtreeBody, FdtreeCost, FdtreeDropRule, FdtreeGenerator, FdtreeGeneratorKind, FdtreeOp,
    FdtreeOpKind, FdtreeScheme, FdtreeUniqueness,
};
use crate::fdtree::conc::device::DEFAULT_PRESET;
use crate::fdtree::conc::{HarnessSpec, Protocol, Scheme, SsdCost};
use crate::fdtree::workload::{DISTRICTS_PER_WAREHOUSE, GenR, GenT, ORDERS_PER_CUSTOMER, Op};
use crate::fdtree::{FdConfig, MergePolicy, Uniqueness};
use crate::scenario::{ScenarioError, check_range, parse_body};

pub const MAX_PRELOAD: u64 = 20_000;
pub const MAX_REQUESTS: u64 = 20_000;
pub const MAX_CLIENT: u64 = 15;
pub const MAX_KEY: u64 = 1 << 48;

#[derive(Debug, Clone, PartialEq)]
pub struct LabConfig {
    pub scheme_id: FdtreeScheme,
    pub scheme: Scheme,
    pub fd: FdConfig,
    pub cost: SsdCost,
    /// The SSD preset block I/O runs on (`cost: ssd`); None: `cost`'s constants.
    pub device: Option<String>,
    pub preload: Vec<Op>,
    /// Per client: (op, arrival) in issue order.
    pub clients: Vec<Vec<(Op, Option<u64>)>>,
    /// Per client: the scenario index of each of its ops.
    pub op_ids: Vec<Vec<usize>>,
    pub total_ops: usize,
    pub compare: bool,
    pub generated: bool,
    /// The latch protocol (the paper's unless `params.drop_rule`).
    pub protocol: Protocol,
    /// The paper's harness (`workload.generator.queues`): the workers take the requests of
    /// `file` from Q_r / Q_w, and `clients` are empty lists, one per worker.
    pub harness: Option<HarnessSpec>,
    pub file: Vec<Op>,
}

pub fn scheme_name(s: FdtreeScheme) -> &'static str {
    match s {
        FdtreeScheme::Fc => "fc",
        FdtreeScheme::FcNoSharing => "fc-no-sharing",
        FdtreeScheme::Ds => "ds",
        FdtreeScheme::Xm => "xm",
    }
}

/// The engine scheme and the merge policy of a scheme id.
pub fn scheme_parts(s: FdtreeScheme) -> (Scheme, MergePolicy) {
    match s {
        FdtreeScheme::Fc => (Scheme::Fc, MergePolicy::FC),
        FdtreeScheme::FcNoSharing => (Scheme::Fc, MergePolicy::FC_NO_SHARING),
        FdtreeScheme::Ds => (Scheme::Ds, MergePolicy::DS),
        FdtreeScheme::Xm => (Scheme::Xm, MergePolicy::FC),
    }
}

pub fn parse(body: Map<String, Value>, seed: u64) -> Result<LabConfig, ScenarioError> {
    let body: FdtreeBody = parse_body(body)?;
    build(&body, seed)
}

pub fn build(body: &FdtreeBody, seed: u64) -> Result<LabConfig, ScenarioError> {
    let p = &body.params;
    let beta = p.beta.unwrap_or(8);
    let gamma = p.gamma.unwrap_or(3);
    let kappa0 = p.kappa0.unwrap_or(2);
    check_range("params.beta", beta, 4, 64)?;
    check_range("params.gamma", gamma, 2, 16)?;
    check_range("params.kappa0", kappa0, 1, 16)?;
    if beta <= gamma {
        return Err(ScenarioError::new(
            "params.beta",
            format!("must be larger than γ = {gamma} (Thm 1)"),
        ));
    }
    let preload_n = p.preload.unwrap_or(0);
    check_range("params.preload", preload_n, 0, MAX_PRELOAD)?;
    let scheme_id = p.scheme.unwrap_or_default();
    let (scheme, policy) = scheme_parts(scheme_id);
    let mut fd = FdConfig::fc(beta as usize, gamma, kappa0).with_policy(policy);
    if fd.overflow_trigger_entries < 2 {
        return Err(ScenarioError::new(
            "params.kappa0",
            "β·κ0 − κ1 must leave at least 2 L0 slots (raise β or κ0)",
        ));
    }
    fd.validate()
        .map_err(|e| ScenarioError::new("params", e.to_string()))?;
    let (cost, device) = cost_of(p.cost.unwrap_or_default(), p.ssd_preset.as_deref())?;
    let w = &body.workload;
    let (mut harness, mut file) = (None, Vec::new());
    let (preload, clients, op_ids, generated) = match (&w.ops, &w.generator) {
        (Some(_), Some(_)) | (None, None) => {
            return Err(ScenarioError::new(
                "workload",
                "give exactly one of `ops` or `generator`",
            ));
        }
        (Some(ops), None) => {
            if p.uniqueness == Some(FdtreeUniqueness::Trusted) {
                return Err(ScenarioError::new(
                    "params.uniqueness",
                    "`trusted` is only for a generator: explicit ops may insert a present key",
                ));
            }
            fd.uniqueness = Uniqueness::Check;
            let preload = (1..=preload_n)
                .map(|key| Op::Insert {
                    key,
                    value: key * 10,
                })
                .collect();
            let (clients, ids) = explicit(ops)?;
            (preload, clients, ids, false)
        }
        (None, Some(g)) => {
            fd.uniqueness = match p.uniqueness {
                Some(FdtreeUniqueness::Check) => Uniqueness::Check,
                _ => Uniqueness::Trusted,
            };
            let generated = generate(g, seed, preload_n, p.preload.is_some())?;
            harness = generated.harness;
            file = generated.file;
            (generated.preload, generated.clients, generated.ids, true)
        }
    };
    if harness.is_some() && p.compare == Some(true) {
        return Err(ScenarioError::new(
            "params.compare",
            "the compare view runs each client's own list; it is not available with \
             `workload.generator.queues`",
        ));
    }
    let protocol = protocol_of(p.drop_rule, scheme_id)?;
    let total_ops = match harness {
        Some(_) => file.len(),
        None => op_ids.iter().map(Vec::len).sum(),
    };
    Ok(LabConfig {
        scheme_id,
        scheme,
        fd,
        cost,
        device,
        preload,
        clients,
        op_ids,
        total_ops,
        compare: p.compare.unwrap_or(false),
        generated,
        protocol,
        harness,
        file,
    })
}

/// SSD presets a run's block I/O may use (drives with a full timing model).
pub const SSD_PRESETS: [&str; 5] = ["x25e", "ssd_fast", "ssd_medium", "ssd_slow", "fusionio"];

/// The constant costs and the device of `params.cost` and `params.ssd_preset`.
fn cost_of(
    cost: FdtreeCost,
    preset: Option<&str>,
) -> Result<(SsdCost, Option<String>), ScenarioError> {
    match (cost, preset) {
        (FdtreeCost::Ssd, p) => {
            let id = p.unwrap_or(DEFAULT_PRESET);
            if !SSD_PRESETS.contains(&id) {
                return Err(ScenarioError::new(
                    "params.ssd_preset",
                    format!(
                        "unknown SSD preset {id:?}; one of {}",
                        SSD_PRESETS.join(", ")
                    ),
                ));
            }
            // The CPU cost; the constants are used only by Li's FD-tree in the compare view.
            Ok((SsdCost::x25e_datasheet(), Some(id.to_string())))
        }
        (_, Some(_)) => Err(ScenarioError::new(
            "params.ssd_preset",
            "only with `cost: ssd` (the constant costs have no device)",
        )),
        (FdtreeCost::X25eEffective, None) => Ok((SsdCost::x25e_effective(), None)),
        (FdtreeCost::X25eDatasheet, None) => Ok((SsdCost::x25e_datasheet(), None)),
    }
}

/// The protocol with `drop_rule` dropped; only FD+FC has the rules to drop.
fn protocol_of(
    drop_rule: Option<FdtreeDropRule>,
    scheme: FdtreeScheme,
) -> Result<Protocol, ScenarioError> {
    let Some(rule) = drop_rule else {
        return Ok(Protocol::PAPER);
    };
    if !matches!(scheme, FdtreeScheme::Fc | FdtreeScheme::FcNoSharing) {
        return Err(ScenarioError::new(
            "params.drop_rule",
            "only FD+FC (`fc`, `fc-no-sharing`) has these protocol rules to drop",
        ));
    }
    let mut p = Protocol::PAPER;
    match rule {
        FdtreeDropRule::LockCoupling => p.lock_coupling = false,
        FdtreeDropRule::ReclaimLatch => p.reclaim_latch = false,
        FdtreeDropRule::Retention => p.retention = false,
        FdtreeDropRule::WavefrontAfterInsert => p.wavefront_after_insert = false,
    }
    Ok(p)
}

type Clients = (Vec<Vec<(Op, Option<u64>)>>, Vec<Vec<usize>>);

fn explicit(ops: &[FdtreeOp]) -> Result<Clients, ScenarioError> {
    if ops.len() > crate::scenario::limits::MAX_OPS {
        return Err(ScenarioError::new(
            "workload.ops",
            format!("at most {} ops", crate::scenario::limits::MAX_OPS),
        ));
    }
    let mut clients: Vec<Vec<(Op, Option<u64>)>> = vec![Vec::new()];
    let mut ids: Vec<Vec<usize>> = vec![Vec::new()];
    for (i, o) in ops.iter().enumerate() {
        let at = |f: &str| format!("workload.ops[{i}].{f}");
        let need = |v: Option<u64>, f: &str| {
            v.ok_or_else(|| ScenarioError::new(at(f), format!("required by `{:?}`", o.op)))
        };
        let refuse = |v: Option<u64>, f: &str| match v {
            Some(_) => Err(ScenarioError::new(
                at(f),
                format!("not used by `{:?}`", o.op).to_lowercase(),
            )),
            None => Ok(()),
        };
        let key_ok = |k: u64, f: &str| check_range(&at(f), k, 0, MAX_KEY);
        let op = match o.op {
            FdtreeOpKind::Insert => {
                let key = need(o.key, "key")?;
                key_ok(key, "key")?;
                refuse(o.from, "from")?;
                refuse(o.to, "to")?;
                Op::Insert {
                    key,
                    value: need(o.value, "value")?,
                }
            }
            FdtreeOpKind::Delete | FdtreeOpKind::Lookup => {
                let key = need(o.key, "key")?;
                key_ok(key, "key")?;
                refuse(o.value, "value")?;
                refuse(o.from, "from")?;
                refuse(o.to, "to")?;
                if o.op == FdtreeOpKind::Delete {
                    Op::Delete { key }
                } else {
                    Op::Lookup { key }
                }
            }
            FdtreeOpKind::Range => {
                refuse(o.key, "key")?;
                refuse(o.value, "value")?;
                let (from, to) = (need(o.from, "from")?, need(o.to, "to")?);
                key_ok(to, "to")?;
                if from > to {
                    return Err(ScenarioError::new(
                        at("to"),
                        format!("must be ≥ from ({from})"),
                    ));
                }
                Op::Range { from, to }
            }
        };
        let client = o.client.unwrap_or(0);
        check_range(&at("client"), client, 0, MAX_CLIENT)?;
        if let Some(t) = o.at_ns {
            check_range(
                &at("at_ns"),
                t,
                0,
                crate::scenario::limits::MAX_SIM_TIME_NS / 2,
            )?;
        }
        let c = client as usize;
        while clients.len() <= c {
            clients.push(Vec::new());
            ids.push(Vec::new());
        }
        clients[c].push((op, o.at_ns));
        ids[c].push(i);
    }
    Ok((clients, ids))
}

/// A generator's preload and requests: per-client lists, or the harness's file (step 3).
struct Generated {
    preload: Vec<Op>,
    clients: Vec<Vec<(Op, Option<u64>)>>,
    ids: Vec<Vec<usize>>,
    harness: Option<HarnessSpec>,
    file: Vec<Op>,
}

/// The largest arrival rate `queues.arrivals_per_s` takes (one request per 100 ns).
pub const MAX_ARRIVALS_PER_S: f64 = 10_000_000.0;
pub const MAX_QUEUE_SLOTS: u64 = 5_000;
pub const MAX_WAREHOUSES: u64 = 8;
pub const MAX_CUSTOMERS: u64 = 3_000;

fn generate(
    g: &FdtreeGenerator,
    seed: u64,
    preload: u64,
    preload_given: bool,
) -> Result<Generated, ScenarioError> {
    check_range("workload.generator.requests", g.requests, 1, MAX_REQUESTS)?;
    let wl = g.lookup_fraction.unwrap_or(0.8);
    check_range("workload.generator.lookup_fraction", wl, 0.0, 1.0)?;
    let readers = g.readers.unwrap_or(6);
    check_range("workload.generator.readers", readers, 1, 16)?;
    let writers = g.writers.unwrap_or(2);
    check_range("workload.generator.writers", writers, 1, 4)?;
    if readers + writers > MAX_CLIENT + 1 {
        return Err(ScenarioError::new(
            "workload.generator.writers",
            format!("readers + writers must be at most {}", MAX_CLIENT + 1),
        ));
    }
    let (readers, writers) = (readers as usize, writers as usize);
    let kind = g.kind.unwrap_or_default();
    let (pre, stream, lookup_permille) = match kind {
        FdtreeGeneratorKind::Gr => {
            refuse_gt_fields(g)?;
            let mut gen_r = GenR::new(seed, (wl * 1000.0).round() as u32, 1);
            let pre = gen_r.preload(preload);
            let stream: Vec<Op> = (0..g.requests).map(|_| gen_r.next_op()).collect();
            (pre, stream, gen_r.lookup_permille)
        }
        FdtreeGeneratorKind::Gt => {
            if preload_given {
                return Err(ScenarioError::new(
                    "params.preload",
                    "G_T preloads 3 orders per customer; set `workload.generator.warehouses` \
                     and `customers_per_district` instead",
                ));
            }
            if g.lookup_fraction.is_some() {
                return Err(ScenarioError::new(
                    "workload.generator.lookup_fraction",
                    "G_T's mix is fixed by TPC-C (8.7% lookups, Rem. A.8)",
                ));
            }
            let mut gen_t = gt_generator(g, seed)?;
            let pre = gen_t.preload();
            let stream: Vec<Op> = (0..g.requests).map(|_| gen_t.next_op()).collect();
            (pre, stream, 1000 - gen_t.insert_permille)
        }
    };
    if let Some(q) = &g.queues {
        let slots = q.slots.unwrap_or(MAX_QUEUE_SLOTS);
        check_range("workload.generator.queues.slots", slots, 2, MAX_QUEUE_SLOTS)?;
        let interval = match q.arrivals_per_s {
            Some(v) => {
                check_range(
                    "workload.generator.queues.arrivals_per_s",
                    v,
                    1.0,
                    MAX_ARRIVALS_PER_S,
                )?;
                Some((1e9 / v).round() as u64)
            }
            None => None,
        };
        let (read_slots, write_slots) = HarnessSpec::split_slots(slots as usize, lookup_permille);
        let spec = HarnessSpec {
            readers,
            writers,
            read_slots,
            write_slots,
            arrival_interval_ns: interval,
        };
        return Ok(Generated {
            preload: pre,
            clients: vec![Vec::new(); readers + writers],
            ids: vec![Vec::new(); readers + writers],
            harness: Some(spec),
            file: stream,
        });
    }
    let mut clients = vec![Vec::new(); readers + writers];
    let mut ids = vec![Vec::new(); readers + writers];
    let mut next_reader = 0;
    for (i, op) in stream.into_iter().enumerate() {
        let c = match op {
            Op::Insert { key, .. } | Op::Delete { key } => {
                readers + (key % writers as u64) as usize
            }
            _ => {
                next_reader = (next_reader + 1) % readers;
                (next_reader + readers - 1) % readers
            }
        };
        clients[c].push((op, None));
        ids[c].push(i);
    }
    Ok(Generated {
        preload: pre,
        clients,
        ids,
        harness: None,
        file: Vec::new(),
    })
}

/// G_R has no warehouses or customers.
fn refuse_gt_fields(g: &FdtreeGenerator) -> Result<(), ScenarioError> {
    for (v, f) in [
        (g.warehouses, "warehouses"),
        (g.customers_per_district, "customers_per_district"),
    ] {
        if v.is_some() {
            return Err(ScenarioError::new(
                format!("workload.generator.{f}"),
                "only for `kind: \"gt\"` (G_T)",
            ));
        }
    }
    Ok(())
}

/// G_T's shape, with its preload within `MAX_PRELOAD` (Rem. A.8 at course scale).
fn gt_generator(g: &FdtreeGenerator, seed: u64) -> Result<GenT, ScenarioError> {
    let warehouses = g.warehouses.unwrap_or(1);
    check_range(
        "workload.generator.warehouses",
        warehouses,
        1,
        MAX_WAREHOUSES,
    )?;
    let customers = g.customers_per_district.unwrap_or(100);
    check_range(
        "workload.generator.customers_per_district",
        customers,
        1,
        MAX_CUSTOMERS,
    )?;
    let orders = warehouses
        * u64::from(DISTRICTS_PER_WAREHOUSE)
        * customers
        * u64::from(ORDERS_PER_CUSTOMER);
    if orders > MAX_PRELOAD {
        return Err(ScenarioError::new(
            "workload.generator.customers_per_district",
            format!(
                "warehouses × 10 districts × customers × 3 orders = {orders} preloaded keys, \
                 more than {MAX_PRELOAD}"
            ),
        ));
    }
    Ok(GenT::with_customers(
        seed,
        warehouses as u32,
        customers as u32,
    ))
}
