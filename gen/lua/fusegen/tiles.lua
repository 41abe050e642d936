-- Tile parameters of one variant, for every thread mapping: the mapping's
-- defaults, the spec's `tiles`, then its `{when = {...}, ...}` entries that
-- match the variant, in order (then the same from tuning data, if any).
--   kinds: { defaults = {...}, doc = {name = text}, limits = {name = {lo, hi}},
--            special = {name = {value = true}} (non-integer values a parameter takes) }

local spec_mod = require "fusegen.spec"

local M = {}

function M.resolve(spec, v, tuning, kinds)
  local t = {}
  for k, x in pairs(kinds.defaults) do t[k] = x end
  local function apply(src, field)
    for k, x in pairs(src) do
      if type(k) == "string" and k ~= "when" then
        if not kinds.doc[k] then
          local names = {}
          for n in pairs(kinds.doc) do names[#names + 1] = n end
          table.sort(names)
          spec_mod.fail(spec.path, field .. "." .. k, "a tile parameter (" .. table.concat(names, ", ") .. ")", k)
        end
        local lim = kinds.limits[k]
        local special = kinds.special and kinds.special[k]
        if not (special and special[x]) and (math.type(x) ~= "integer" or x < lim[1] or x > lim[2]) then
          spec_mod.fail(spec.path, field .. "." .. k, "an integer: " .. kinds.doc[k], x)
        end
        t[k] = x
      end
    end
  end
  local function matches(when, field)
    if type(when) ~= "table" then spec_mod.fail(spec.path, field .. ".when", "a table of axis = value", when) end
    for axis, value in pairs(when) do
      if not spec.axis_by_name[axis] and axis ~= "arch" then
        spec_mod.fail(spec.path, field .. ".when." .. tostring(axis), "an axis name or arch", axis)
      end
      if v[axis] ~= value then return false end
    end
    return true
  end
  local function layer(src, field)
    apply(src, field)
    for i, entry in ipairs(src) do
      local f = ("%s[%d]"):format(field, i)
      if type(entry) ~= "table" then spec_mod.fail(spec.path, f, "a table {when = {...}, param = value}", entry) end
      if matches(entry.when, f) then apply(entry, f) end
    end
  end
  layer(spec.tiles, "tiles")
  if tuning then layer(tuning, "tuning") end
  return t
end

return M
