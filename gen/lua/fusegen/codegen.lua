-- Helpers that templates call to write CUDA: typed loads and stores, chunk guards.
-- They return lines of code; templates put() them at their own indentation.

local dtypes = require "fusegen.dtypes"

local M = {}

-- Split n elements of `size` bytes into accesses of at most 16 bytes.
local function access_widths(n, size)
  local per = math.max(1, 16 // size)
  local out, off = {}, 0
  while off < n do
    local w = per
    while w > n - off do w = w // 2 end
    out[#out + 1] = { off = off, n = w }
    off = off + w
  end
  return out
end

-- The variable that holds a kernel's L2 policy for the loads of the hint "policy"
M.L2_LOAD_POLICY = "l2_load"

-- Its declaration in a kernel that reads rows at input and writes them at
-- output: evict-last when they are the same rows (overwritten in place).
function M.l2_load_policy_decl(input, output)
  return ("const unsigned long long %s = (const void*)%s == (const void*)%s ? fg_l2_evict_last() : fg_l2_evict_first();")
    :format(M.L2_LOAD_POLICY, input, output)
end

-- The trailing argument of a load of the given hint ("policy": the policy), and
-- the suffix of a store's function for a store hint ("first": _first).
function M.load_extra(hint) return hint == "policy" and ", " .. M.L2_LOAD_POLICY or "" end
function M.store_suffix(hint) return hint == "first" and "_first" or "" end

-- Loads of n contiguous elements at ptr (an expression of type const T*) into
-- the fp32 array slice dst (an lvalue like "xa[0][1]"), first element at dst[0].
--   vec:   accesses of up to 16 bytes (the caller checked alignment)
--   guard: for scalar accesses, function(j) -> C condition for element j, or nil
--   hint:  "stream" (read once, evict first), "plain" (read once, the default policy),
--          "policy" (under the L2 policy in the kernel's variable M.L2_LOAD_POLICY)
--          or "keep" (read again: tables)
function M.load_f32(dst, ptr, n, dtype, opts)
  local lines = {}
  if opts.vec then
    for _, a in ipairs(access_widths(n, dtypes.info(dtype).size)) do
      lines[#lines + 1] = string.format("fg_load_%sx%d_%s(%s + %d, &%s[%d]%s);", dtype, a.n, opts.hint, ptr, a.off, dst, a.off,
        M.load_extra(opts.hint))
    end
  else
    for j = 0, n - 1 do
      local g = opts.guard and opts.guard(j)
      local stmt = string.format("%s[%d] = fg_to_f32((%s)[%d]);", dst, j, ptr, j)
      lines[#lines + 1] = g and string.format("if (%s) %s", g, stmt) or stmt
    end
  end
  return lines
end

-- Stores of the fp32 slice src, rounded once to dtype, at ptr; opts.hint "first":
-- under an L2 evict-first policy (the vector path).
function M.store_f32(src, ptr, n, dtype, opts)
  local lines = {}
  if opts.vec then
    for _, a in ipairs(access_widths(n, dtypes.info(dtype).size)) do
      lines[#lines + 1] = string.format("fg_store_%sx%d%s(%s + %d, &%s[%d]);", dtype, a.n, M.store_suffix(opts.hint), ptr, a.off, src, a.off)
    end
  else
    for j = 0, n - 1 do
      local g = opts.guard and opts.guard(j)
      local stmt = string.format("(%s)[%d] = fg_from_f32<%s>(%s[%d]);", ptr, j, dtypes.info(dtype).cuda, src, j)
      lines[#lines + 1] = g and string.format("if (%s) %s", g, stmt) or stmt
    end
  end
  return lines
end

-- The vector widths (elements) the device header must provide, per dtype.
function M.vector_widths(dtype)
  local out, size = {}, dtypes.info(dtype).size
  local w = 16 // size
  while w >= 2 do table.insert(out, 1, w); w = w // 2 end
  return out
end

-- Condition under which chunk slot k (chunk q = k * L + pos) of a region exists.
--   count_static: number of chunks when known at generation time, else nil
--   count_expr:   the C expression for the number of chunks (run time)
--   max:          the most chunks there can be
-- Returns false (never), true (always) or a C condition.
function M.chunk_guard(k, L, count_static, count_expr, max)
  if k * L >= max then return false end
  if count_static then
    if (k + 1) * L <= count_static then return true end
    if k * L >= count_static then return false end
    return string.format("pos < %d", count_static - k * L)
  end
  if k == 0 then return string.format("pos < %s", count_expr) end
  return string.format("pos + %d < %s", k * L, count_expr)
end

-- Join an `if (cond) {` opener for a guard from chunk_guard and an optional extra one.
function M.open_if(...)
  local parts = {}
  for _, g in ipairs { ... } do
    if g == false then return nil end
    if type(g) == "string" then parts[#parts + 1] = g end
  end
  if #parts == 0 then return "{" end
  return "if (" .. table.concat(parts, " && ") .. ") {"
end

return M
