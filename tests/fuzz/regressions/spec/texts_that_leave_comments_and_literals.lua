-- The generator tests' spec: fg_rope as one op in a file of its own (the
-- library's rope is a member of gen/specs/rotary.lua), which tests edit one
-- field at a time. Rotary embedding (ops.md section 1): rotate pairs of
-- elements of each head of x by a per-token angle; [R, D) pass through.
return {
  op = "rope",
  summary = "rotary embedding with per-token cos/sin tables",
  doc = "a */ int evil_injected = 1; /* b\n#error evil_injected\nint evil_injected;\\\nint evil_injected; ??/\nint evil_injected; \"); int evil_injected; (\" %s %n \1\r\t\127 ??= ??) ??\' \\" .. [[
Rotates pairs of each head of x by the angle of its token: with c, s = cos, sin
of row s (the token's index in its sequence) and angle i,
  interleaved: pair (2i, 2i+1)      half: pair (i, i + R/2)
  a' = a*c - b*s,  b' = b*c + a*s    (fp32 arithmetic, one rounding at the store)
R = 2 * cos.shape[1]; dims [R, D) are copied (out of place) or left alone (in place).
x is [T, H, D] or [B, S, H, D] with free token and head strides; out may be NULL
or x itself (in place), otherwise it must not overlap x.]],

  tensors = {
    { name = "x",   dims = { "B?", "S", "H", "D" }, dtype = "act",   access = "in",
      doc = "a */ int evil_injected = 1; /* b\n#error evil_injected\nint evil_injected;\\\nint evil_injected; ??/\nint evil_injected; \"); int evil_injected; (\" %s %n \1\r\t\127 ??= ??) ??\' \\" },
    { name = "out", dims = { "B?", "S", "H", "D" }, dtype = "act",   access = "out",
      optional = true, inplace_of = "x", doc = "result; NULL or x for in place" },
    { name = "cos", dims = { "S", "R/2" },          dtype = "table", access = "in",
      doc = "cosines, row = token index within its sequence" },
    { name = "sin", dims = { "S", "R/2" },          dtype = "table", access = "in",
      doc = "sines, same layout as cos" },
  },
  scalars = {
    { name = "pairing", type = "pairing", doc = "a */ int evil_injected = 1; /* b\n#error evil_injected\nint evil_injected;\\\nint evil_injected; ??/\nint evil_injected; \"); int evil_injected; (\" %s %n \1\r\t\127 ??= ??) ??\' \\" },
  },
  enums = { pairing = { "interleaved", "half" } },
  constraints = {
    { "R >= 2 && R <= D", "a */ int evil_injected = 1; /* b\n#error evil_injected\nint evil_injected;\\\nint evil_injected; ??/\nint evil_injected; \"); int evil_injected; (\" %s %n \1\r\t\127 ??= ??) ??\' \\" },
    { "B * S * H < 2147483648", "at most 2^31 - 1 heads (tokens x heads) per call" },
  },

  -- The variant axes, in dispatch-key order.
  axes = {
    { name = "act",      values = { "bf16", "fp16", "fp32" }, from = "dtype x" },
    { name = "table",    values = { "fp32", "bf16", "fp16" }, from = "dtype cos", prefix = "tab" },
    { name = "pairing",  values = { "interleaved", "half" },  from = "scalar pairing" },
    { name = "head_dim", values = { 64, 80, 96, 128, 256, 320, "any" }, from = "symbol D", prefix = "d",
      any_when = "D % 2 == 0", any_max = 512 },  -- "any": every other even D up to 512, run-time D
    { name = "rot",      values = { "full", "partial" },      from = "rule", doc = "a */ int evil_injected = 1; /* b\n#error evil_injected\nint evil_injected;\\\nint evil_injected; ??/\nint evil_injected; \"); int evil_injected; (\" %s %n \1\r\t\127 ??= ??) ??\' \\",
      rule = { { "full", "R == D" }, { "partial", "1" } } },
    { name = "access",   values = { "vec16", "scalar" },      from = "rule",
      rule = { { "vec16", "aligned16 && R % (2 * VEC) == 0 && D % VEC == 0" }, { "scalar", "1" } } },
  },

  keep = function(v) return true end,
  keep_doc = "a */ int evil_injected = 1; /* b\n#error evil_injected\nint evil_injected;\\\nint evil_injected; ??/\nint evil_injected; \"); int evil_injected; (\" %s %n \1\r\t\127 ??= ??) ??\' \\",
  kernel = {
    mapping = "heads",
    stages = {
      token = { { "table_per_token", cos = "cos", sin = "sin" } },
      head = { "load", { "rotate", pairing = "pairing", dims = "R" }, "store" },
    },
    head_sets = { { input = "x", output = "out", heads = "H" } },
    files = { "pairing", "act", "table" },
  },
  -- Tile parameters, tuned on an H200 (sm_90) with build/fusegen_bench: 4 warps
  -- per block, one head in flight (bench/results).
  tiles = {
    warps = 4, chunks = 1, heads_in_flight = 1, blocks_per_sm = 32,
    -- interleaved: 2 chunks per lane (lane groups of half the size)
    { when = { pairing = "interleaved" }, chunks = 2 },
    -- the fast path: registers for at least 3 blocks per multiprocessor
    { when = { access = "vec16" }, min_blocks = 3 },
    -- the general variant holds chunks for the largest head: no register cap
    { when = { head_dim = "any" }, min_blocks = 1 },
  },
  -- the tuner's candidates (fusegen_tune; docs/tuning.md); flat_waves: the
  -- bench shapes of this op run from 3 to 80 grids of items
  tune = { warps = { 2, 4, 8 }, heads_in_flight = { 1, 2 }, chunks = { 1, 2 }, blocks_per_sm = { 0, 32 },
           flat_waves = { 0, 4, 8, 16 } },
}
