// Entry point: one simulation worker and one app controller for the page's lifetime, created
// outside React so that StrictMode's double effects never start a second worker.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { AppController } from "./app/controller";
import { AppContext } from "./app/context";
import { SessionContext } from "./app/sessionContext";
import { LabSession } from "./app/session";
import { installTestApi } from "./app/testApi";
import { HostBridge } from "./embed/bridge";
import { registerOffline } from "./offline/register";
import { hostOrigin, parseRoute } from "./share/route";
import { startTheme } from "./app/theme";
import { startProjector } from "./app/projector";
import { SimClient } from "./sim/client";
import { takeEarlyWorker } from "./sim/simWorker";
import "./styles/theme.css";
import "./styles/layout.css";
import "./styles/panels.css";
import "./styles/controls.css";
import "./styles/charts.css";
import "./styles/provenance.css";
import "./styles/projector.css";

startTheme();
startProjector();
const session = new LabSession(new SimClient(takeEarlyWorker));
const app = new AppController(session);

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");
createRoot(container).render(
  <StrictMode>
    <AppContext.Provider value={app}>
      <SessionContext.Provider value={session}>
        <App />
      </SessionContext.Provider>
    </AppContext.Provider>
  </StrictMode>,
);

// Ready once the URL's scenario (or the fallback) has loaded; a failure is shown in the page.
const started = app.start().catch(() => undefined);
// An embed that names its host page (`&embed=1&host=<origin>`) takes commands from it and sends
// it events (DESIGN §3.4); started before the first load completes so `loaded` reaches the host.
const host = hostOrigin(parseRoute(window.location.hash));
const bridge = host === null ? null : new HostBridge(app, host, started);
bridge?.start();
registerOffline(session, started);
void started.finally(() => {
  installTestApi(app);
  document.body.dataset.ready = "true";
});

if (import.meta.hot) {
  import.meta.hot.dispose(() => {
    app.stop();
    bridge?.stop();
    session.dispose();
  });
}
