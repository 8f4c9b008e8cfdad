// Links made by earlier versions keep opening: share links (format v1), tour links, bundled
// scenario links and embed links, frozen in e2e/links/v1-links.json on the day they were made.
import { readFileSync } from "node:fs";
import { test, expect, api, repoRoot, type SimState } from "./fixtures";

interface FrozenLink {
  made: string;
  fragment: string;
  lab: string;
  step: number;
  title?: string;
  tourPosition?: string;
  embed?: boolean;
}

const { links } = JSON.parse(readFileSync(`${repoRoot}/e2e/links/v1-links.json`, "utf8")) as { links: FrozenLink[] };

for (const link of links) {
  test(`a ${link.lab} link made ${link.made} still opens at its step`, async ({ page, consoleErrors }) => {
    await page.goto(`./${link.fragment}`);
    await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
    await expect.poll(async () => (await api<SimState>(page, "state")).step).toBe(link.step);
    expect((await api<SimState>(page, "state")).lab).toBe(link.lab);
    await expect(page.getByTestId("link-error")).toHaveCount(0);
    if (link.title) expect((await api<{ title: string }>(page, "report")).title).toBe(link.title);
    if (link.tourPosition) await expect(page.getByTestId("tour-position")).toHaveText(link.tourPosition);
    if (link.embed) await expect(page.getByTestId("embed")).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
}
