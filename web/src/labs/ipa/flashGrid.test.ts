import { describe, expect, it } from "vitest";
import { gridLayout, heatColor, pageStateColor } from "./flashGrid";

describe("flash grid", () => {
  it("fits every block and page in the box", () => {
    const g = gridLayout(8, 16, 500, 200);
    expect(g.labelWidth + 16 * g.cell + g.heatWidth).toBeLessThanOrEqual(500);
    expect(8 * g.rowHeight).toBeLessThanOrEqual(200);
  });

  it("colours states and heat", () => {
    expect(pageStateColor(0)).toBe("#ffffff");
    expect(pageStateColor(3)).toBe("#009e73");
    expect(heatColor(0, 10)).toBe("rgb(255,255,255)");
    expect(heatColor(10, 10)).toBe("rgb(200,80,0)");
    expect(heatColor(5, 0)).toBe("rgb(255,255,255)");
  });
});
