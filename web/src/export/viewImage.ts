//! The current view as an image, for slides and reports. The lab stage is drawn with SVG charts
//! and Canvas grids inside HTML panels; the export composes every visible SVG (styles inlined,
//! so it renders the same outside the app) and every canvas (as an embedded bitmap) at their
//! on-screen positions into one SVG document, and rasterises that document at twice the
//! screen's resolution for PNG. HTML text outside the charts is not part of the image.

const STYLE_PROPERTIES = [
  "fill",
  "fill-opacity",
  "stroke",
  "stroke-width",
  "stroke-dasharray",
  "stroke-opacity",
  "opacity",
  "font-family",
  "font-size",
  "font-weight",
  "text-anchor",
  "dominant-baseline",
  "visibility",
  "display",
] as const;

function inlineStyles(source: Element, target: Element): void {
  const computed = window.getComputedStyle(source);
  const style = STYLE_PROPERTIES.map((p) => `${p}:${computed.getPropertyValue(p)}`).join(";");
  target.setAttribute("style", style);
  const sourceChildren = source.children;
  const targetChildren = target.children;
  for (let i = 0; i < sourceChildren.length; i++) {
    const s = sourceChildren[i];
    const t = targetChildren[i];
    if (s && t) inlineStyles(s, t);
  }
}

function visible(rect: DOMRect): boolean {
  return rect.width > 0 && rect.height > 0;
}

/** One SVG document of the stage's charts and grids; null when the stage shows none. */
export function stageSvg(stage: HTMLElement): { svg: string; width: number; height: number } | null {
  const origin = stage.getBoundingClientRect();
  const ns = "http://www.w3.org/2000/svg";
  const doc = document.implementation.createDocument(ns, "svg", null);
  const root = doc.documentElement;
  const width = Math.ceil(origin.width);
  const height = Math.ceil(origin.height);
  root.setAttribute("xmlns", ns);
  root.setAttribute("width", String(width));
  root.setAttribute("height", String(height));
  root.setAttribute("viewBox", `0 0 ${width} ${height}`);
  const background = doc.createElementNS(ns, "rect");
  background.setAttribute("width", "100%");
  background.setAttribute("height", "100%");
  background.setAttribute("fill", window.getComputedStyle(stage).backgroundColor || "#ffffff");
  root.appendChild(background);
  let parts = 0;
  for (const element of Array.from(stage.querySelectorAll("svg, canvas"))) {
    if (element instanceof SVGSVGElement && element.ownerSVGElement) continue; // nested: drawn with its parent
    const rect = element.getBoundingClientRect();
    if (!visible(rect)) continue;
    const x = String(rect.left - origin.left);
    const y = String(rect.top - origin.top);
    if (element instanceof HTMLCanvasElement) {
      const image = doc.createElementNS(ns, "image");
      image.setAttribute("x", x);
      image.setAttribute("y", y);
      image.setAttribute("width", String(rect.width));
      image.setAttribute("height", String(rect.height));
      image.setAttribute("href", element.toDataURL("image/png"));
      root.appendChild(image);
    } else {
      const clone = element.cloneNode(true) as SVGSVGElement;
      inlineStyles(element, clone);
      clone.setAttribute("x", x);
      clone.setAttribute("y", y);
      clone.setAttribute("width", String(rect.width));
      clone.setAttribute("height", String(rect.height));
      root.appendChild(doc.importNode(clone, true));
    }
    parts += 1;
  }
  if (parts === 0) return null;
  return { svg: new XMLSerializer().serializeToString(root), width, height };
}

/** The SVG document rasterised to a PNG blob at `scale`× its size. */
export async function svgToPng(svg: string, width: number, height: number, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  try {
    const image = new Image();
    image.decoding = "async";
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2D canvas");
    context.scale(scale, scale);
    context.drawImage(image, 0, 0);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("the PNG could not be made"))), "image/png"),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
