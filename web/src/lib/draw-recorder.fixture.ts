// Test helper: a 2D context that records what is drawn, for the pure canvas renderers. Each call is one
// entry: `fill <fillStyle> x,y,w,h` for fillRect, `stroke <strokeStyle> x,y,w,h` for strokeRect (the
// style in force at the call), `name(args)` for any other call; property sets are not entries.
export function drawRecorder<Ctx>(): { ctx: Ctx; ops: string[] } {
  const ops: string[] = [];
  const style: Record<string, unknown> = { fillStyle: '', strokeStyle: '', lineWidth: 1 };
  const ctx = new Proxy(style, {
    get: (_t, prop: string) =>
      prop in style
        ? style[prop]
        : (...args: unknown[]) => {
            if (prop === 'fillRect') ops.push(`fill ${String(style.fillStyle)} ${args.join(',')}`);
            else if (prop === 'strokeRect') ops.push(`stroke ${String(style.strokeStyle)} ${args.join(',')}`);
            else ops.push(`${prop}(${args.join(',')})`);
          },
    set: (_t, prop: string, value) => {
      style[prop] = value;
      return true;
    },
  }) as Ctx;
  return { ctx, ops };
}
