#!/bin/sh
# Instructions and simulated cache misses per host write, FlashLab's FTL case against
# SSSL-ftlsim's greedy engine, at the bench shape (issue 32). Counts, unlike CPU time, do not
# depend on the machine's load. Each figure is a marginal: (run with 2N writes - run with N
# writes) / writes added, so the fill and set-up cancel out. The caches simulated are this
# machine's L1d (48 KiB, 12-way) and its per-core L2 as the last level (2 MiB, 16-way): the
# shared 300 MiB L3 holds both programs' maps, so L2 misses are the ones that cost.
#   usage: sh scripts/sssl-ftl/cachegrind.sh PATH/TO/sssl-ftlsim [FLASHLAB_BINARY]
# Needs valgrind. SSSL is rebuilt for x86-64-v2 (valgrind rejects AVX-512 code) into a
# temporary folder; FlashLab's bench runs its case twice per call (first and measured call).
set -e
SRC=${1:?path to a checkout of pjd-nu/sssl-ftlsim}
FL=${2:-target/release/flashlab}
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$(mktemp -d)
gcc -O3 -march=x86-64-v2 -I"$HERE/stub" -I"$SRC" -include "$HERE/runsim_struct.h" \
    -o "$OUT/sssl" "$HERE/sssl_main.c" "$SRC/runsim_greedy.c" "$SRC/runsim.c" "$SRC/getaddr.c" 2>/dev/null
CG="valgrind --tool=cachegrind --cache-sim=yes --I1=32768,8,64 --D1=49152,12,64 --LL=2097152,16,64"
counts() { # file -> "I D1 LL"
    awk '/I *refs:/{gsub(",","",$4); i=$4} /D1 *misses:/{gsub(",","",$4); d=$4} /LLd misses:/{gsub(",","",$4); l=$4} END{print i, d, l}' "$1"
}
for s in 0.1 0.2; do
    $CG --cachegrind-out-file=/dev/null "$FL" bench --case "ssd:" --scale $s --sssl-rounds 0 > "$OUT/fl.$s" 2>&1
done
for n in 1000000 2000000; do
    $CG --cachegrind-out-file=/dev/null "$OUT/sssl" 8192 128 731379 80 $n 1 > "$OUT/ss.$n" 2>&1
done
# FlashLab: 0.1 -> 0.2 of 10 M writes, twice per call: 2 M writes added. SSSL: 1 M added.
set -- $(counts "$OUT/fl.0.1") $(counts "$OUT/fl.0.2") $(counts "$OUT/ss.1000000") $(counts "$OUT/ss.2000000")
awk -v a="$1" -v b="$2" -v c="$3" -v d="$4" -v e="$5" -v f="$6" \
    -v g="$7" -v h="$8" -v i="$9" -v j="${10}" -v k="${11}" -v l="${12}" 'BEGIN{
  printf "per host write          instructions  L1d misses  L2 (LL) misses\n";
  printf "FlashLab FTL case       %12.1f  %10.2f  %14.2f\n", (d-a)/2e6, (e-b)/2e6, (f-c)/2e6;
  printf "SSSL-ftlsim greedy      %12.1f  %10.2f  %14.2f\n", (j-g)/1e6, (k-h)/1e6, (l-i)/1e6;
}'
rm -rf "$OUT"
