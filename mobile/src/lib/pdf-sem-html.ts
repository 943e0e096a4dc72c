// jsPDF's optional html() and addSvgAsImage() load html2canvas, canvg and dompurify on demand. The
// app's PDFs (the order's espelho) use neither, so vite.config.ts points those three packages here:
// otherwise the service worker would precache about 380 kB of chunks no screen ever runs.
export default undefined;
