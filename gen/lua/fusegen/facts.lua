-- What a variant's axes make known at generation time: the facts that the
-- thread mappings and stages read instead of axis names.
--
--   symbol axis (from = "symbol D"):  D's value (128), or, for "any", that D is
--                                     a run-time value of at most any_max
--   rule axis:                        the conjuncts of the chosen value's
--                                     condition: "R == D" (equal symbols),
--                                     "aligned16" (the 16-byte path), "residual"
--                                     (an optional tensor given), "C % VEC == 0"
--   scalar axis (from = "scalar NAME"): the enum value the variant is built for
--
-- A rule axis takes its first value whose condition holds, so a later value
-- knows only its own condition (for "partial" after "full": nothing).

local M = {}

-- "aligned16 && R % (2 * VEC) == 0" -> { "aligned16", "R % (2 * VEC) == 0" }:
-- the condition split at its top-level &&, each part with its spaces normalised.
function M.conjuncts(cond)
  local parts, depth, start = {}, 0, 1
  local i = 1
  while i <= #cond do
    local c = cond:sub(i, i)
    if c == "(" then depth = depth + 1
    elseif c == ")" then depth = depth - 1
    elseif depth == 0 and cond:sub(i, i + 1) == "&&" then
      parts[#parts + 1] = cond:sub(start, i - 1)
      start = i + 2
      i = i + 1
    end
    i = i + 1
  end
  parts[#parts + 1] = cond:sub(start)
  local out = {}
  for _, p in ipairs(parts) do
    local n = M.normalize(p)
    -- "(a && b)" as a whole part: its own conjuncts
    local inner = n:match("^%((.*)%)$")
    if inner and select(2, inner:gsub("%(", "")) == select(2, inner:gsub("%)", "")) and inner:find("&&", 1, true) then
      for _, q in ipairs(M.conjuncts(inner)) do out[#out + 1] = q end
    elseif n ~= "" and n ~= "1" then
      out[#out + 1] = n
    end
  end
  return out
end

-- One spelling of an expression: no spaces, so "R % (2*VEC) == 0" and
-- "R % (2 * VEC) == 0" compare equal.
function M.normalize(text) return (text:gsub("%s+", "")) end

-- The facts of variant v of spec.
function M.of(spec, v)
  local f = { values = {}, bounds = {}, conds = {}, enums = {} }
  for _, a in ipairs(spec.axes) do
    local value = v[a.name]
    if a.kind == "symbol" then
      if value == "any" then f.bounds[a.arg] = a.any_max else f.values[a.arg] = value end
    elseif a.kind == "scalar" then
      f.enums[a.arg] = value
    elseif a.kind == "rule" then
      for _, r in ipairs(a.rule) do
        if r[1] == value then
          for _, c in ipairs(M.conjuncts(r[2])) do f.conds[c] = true end
          break
        end
      end
    end
  end
  -- "X == Y": a symbol equal to another one, or to a number
  for c in pairs(f.conds) do
    local a, b = c:match("^([%a_][%w_]*)==([%w_]+)$")
    if a then
      if f.values[b] or tonumber(b) then f.values[a] = f.values[a] or f.values[b] or tonumber(b) end
      if f.values[a] and not f.values[b] and not tonumber(b) then f.values[b] = f.values[a] end
    end
  end
  return setmetatable(f, { __index = M.methods })
end

M.methods = {}
-- Whether the conjunct `cond` (any spelling) is part of the variant's conditions.
function M.methods.holds(f, cond) return f.conds[M.normalize(cond)] == true end
-- Whether symbols a and b are known equal ("R == D" or "D == R", or equal values).
function M.methods.equal(f, a, b)
  if a == b then return true end
  if f.conds[a .. "==" .. b] or f.conds[b .. "==" .. a] then return true end
  return f.values[a] ~= nil and f.values[a] == f.values[b]
end
-- The value of symbol s for this variant, or nil (a run-time value).
function M.methods.value(f, s) return f.values[s] end
-- The largest value symbol s takes in this variant (a general variant's any_max), or nil.
function M.methods.bound(f, s) return f.values[s] or f.bounds[s] end

return M
