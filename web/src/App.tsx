// The app shell: the header with lab navigation and the page for the current route.
import { useEffect } from "react";
import { useAppState } from "./app/context";
import { Header } from "./components/Header";
import { HomePage } from "./pages/HomePage";
import { LabPage } from "./pages/LabPage";
import { NotFoundPage } from "./pages/NotFoundPage";
import { ResultsPage } from "./pages/ResultsPage";
import { TeacherPage } from "./pages/TeacherPage";
import { EmbedLab } from "./pages/EmbedLab";
import { embedOptions } from "./share/route";
import { findLab } from "./labs/registry";

export function App() {
  const { route } = useAppState();
  const lab = route.kind === "lab" ? findLab(route.lab) : undefined;
  const teach = route.kind === "teach" ? findLab(route.lab) : undefined;
  useEffect(() => {
    document.title = lab
      ? `${lab.title} · FlashLab`
      : teach
        ? `Teacher notes · ${teach.title} · FlashLab`
        : route.kind === "results"
          ? "Paper results · FlashLab"
          : "FlashLab";
  }, [lab, teach, route.kind]);
  const embed = embedOptions(route);
  if (embed && lab?.available) {
    return (
      <div className="app app-embed">
        <main className="app-main">
          <EmbedLab lab={lab} options={embed} />
        </main>
      </div>
    );
  }
  return (
    <div className="app">
      <Header current={lab?.id ?? (route.kind === "results" ? "results" : null)} />
      <main className="app-main">
        {route.kind === "home" && <HomePage />}
        {route.kind === "results" && <ResultsPage />}
        {route.kind === "lab" && lab && <LabPage lab={lab} />}
        {route.kind === "teach" && teach && <TeacherPage lab={teach} />}
        {route.kind === "teach" && !teach && <NotFoundPage what={`There is no lab called “${route.lab}”.`} />}
        {route.kind === "lab" && !lab && <NotFoundPage what={`There is no lab called “${route.lab}”.`} />}
        {route.kind === "unknown" && <NotFoundPage what="This address does not match any page." />}
      </main>
    </div>
  );
}
