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

-- The variables that hold a kernel's L2 policies for the accesses of the hint
-- "policy" (the tile l2_keep), where a template names none
M.L2_LOAD_POLICY = "l2_load"
M.L2_STORE_POLICY = "l2_store"

-- The declaration of variable var, an L2 policy for the accesses to rows at
-- input that rows at output may overwrite: `same` (a fg_l2_* call) when they
-- are the same rows (in place), else `otherwise`; output nil: always in place
-- (a tensor read and written).
local function policy_decl(var, same, input, output, otherwise)
  if not output then return ("const unsigned long long %s = %s;"):format(var, same) end
  return ("const unsigned long long %s = (const void*)%s == (const void*)%s ? %s : %s;")
    :format(var, input, output, same, otherwise)
end
-- loads: evict-last in place (kept in L2 until the stores that overwrite them)
function M.l2_load_policy_decl(var, input, output, otherwise)
  return policy_decl(var, "fg_l2_evict_last()", input, output, otherwise)
end
-- stores: evict-normal in place (the lines back to the normal priority)
function M.l2_store_policy_decl(var, input, output, otherwise)
  return policy_decl(var, "fg_l2_evict_normal()", input, output, otherwise)
end

-- The trailing argument of an access of the given hint ("policy": its policy
-- variable, by default `default`).
local function policy_arg(hint, policy, default)
  return hint == "policy" and ", " .. (policy or default) or ""
end
function M.load_extra(hint, policy) return policy_arg(hint, policy, M.L2_LOAD_POLICY) end
function M.store_extra(hint, policy) return policy_arg(hint, policy, M.L2_STORE_POLICY) end
-- the suffix of a store's function for a store hint ("policy": _policy)
function M.store_suffix(hint) return hint == "policy" and "_policy" or "" end

-- The template argument of a bf16 load or unpack in the shift form (the
-- device header's fg_unpack2_bf16), else nothing.
function M.unpack_form(dtype, shift)
  return (shift and dtype == "bf16") and "<true>" or ""
end

-- Loads of n contiguous elements at ptr (an expression of type const T*) into
-- the fp32 array slice dst (an lvalue like "xa[0][1]"), first element at dst[0].
--   vec:   accesses of up to 16 bytes (the caller checked alignment)
--   guard: for scalar accesses, function(j) -> C condition for element j, or nil
--   hint:  "stream" (read once, evict first), "plain" (read once, the default policy),
--          "policy" (under the L2 policy in the variable opts.policy, by default
--          M.L2_LOAD_POLICY) or "keep" (read again: tables)
--   shift: bf16 unpacked in the shift form (M.unpack_form; vector accesses)
function M.load_f32(dst, ptr, n, dtype, opts)
  local lines = {}
  if opts.vec then
    for _, a in ipairs(access_widths(n, dtypes.info(dtype).size)) do
      lines[#lines + 1] = string.format("fg_load_%sx%d_%s%s(%s + %d, &%s[%d]%s);", dtype, a.n, opts.hint,
        M.unpack_form(dtype, opts.shift), ptr, a.off, dst, a.off, M.load_extra(opts.hint, opts.policy))
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

-- Stores of the fp32 slice src, rounded once to dtype, at ptr; opts.hint
-- "policy": under the L2 policy in the variable opts.policy, by default
-- M.L2_STORE_POLICY (the vector path).
function M.store_f32(src, ptr, n, dtype, opts)
  local lines = {}
  if opts.vec then
    for _, a in ipairs(access_widths(n, dtypes.info(dtype).size)) do
      lines[#lines + 1] = string.format("fg_store_%sx%d%s(%s + %d, &%s[%d]%s);", dtype, a.n, M.store_suffix(opts.hint), ptr, a.off, src, a.off,
        M.store_extra(opts.hint, opts.policy))
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
