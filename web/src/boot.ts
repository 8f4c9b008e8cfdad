// The page's entry: a small first chunk that starts the simulation worker and only then fetches
// the app. The lab's wasm downloads and compiles while the app's bundle is fetched, parsed and
// evaluated, rather than after it (`sim/simWorker.ts`, step 2).
import { startEarlyWorker } from "./sim/simWorker";

startEarlyWorker();
void import("./main");
