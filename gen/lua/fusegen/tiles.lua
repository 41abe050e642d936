-- Tile parameters of one variant, for every thread mapping: the mapping's
-- defaults, the spec's `tiles`, then its `{when = {...}, ...}` entries that
-- match the variant, in order; then the variant's entry in the tuning data of
-- its GPU target (gen/tuning/sm_90.lua), if any.
--   kinds: { defaults = {...}, doc = {name = text}, limits = {name = {lo, hi}},
--            special = {name = {value = true}} (non-integer values a parameter takes),
--            normalize = nil or function(tiles): sets the parameters a form ignores to their defaults }
--   tuning: nil, or a layer { path = file, field = "ops.rope.<variant>", params = {name = value} }
--
-- A spec's `tune` names the candidate values the tuner tries, in the same
-- shape: `tune = { warps = {4, 8}, {when = {...}, chunks = {1, 2}} }`; each
-- candidate is the untuned tiles with one combination of those values. Its
-- `around = { l2_last = {0, 1} }` names values tried one at a time on the
-- tiles a GPU runs now, outside the product: a choice that would double it.

local spec_mod = require "fusegen.spec"

local M = {}

-- The most candidates one variant may have (each one is a kernel in the tuning build),
-- and the most that `around` may add to them.
M.MAX_CANDIDATES = 64
M.MAX_AROUND = 16

-- The tiles of every mapping's kernel skeleton (kernel/kernel_start.cu.tpl),
-- beside each mapping's own.
local COMMON = {
  defaults = { pdl_early = 1 },
  doc = {
    pdl_early = "1: where the call is launched with programmatic dependent launch (fg_set_pdl), the kernel's second statement lets the kernel after it on the stream be scheduled at once, its blocks waiting on the multiprocessors while this one runs (in a CUDA graph, a norm of 32 rows ran about 20% faster with it than with 0 on an H200; a flat grid of many small blocks may pay for it even without PDL); 0: that kernel is scheduled as this one's blocks exit (0 or 1)",
  },
  limits = { pdl_early = { 0, 1 } },
}

-- A mapping's tile kinds (the shape above) with the common tiles added.
function M.kinds(kinds)
  for _, part in ipairs({ "defaults", "doc", "limits" }) do
    for k, x in pairs(COMMON[part]) do
      assert(kinds[part][k] == nil, "a mapping's own tile named as a common one: " .. k)
      kinds[part][k] = x
    end
  end
  return kinds
end

local function param_names(kinds)
  local names = {}
  for n in pairs(kinds.doc) do names[#names + 1] = n end
  table.sort(names)
  return table.concat(names, ", ")
end

local function check_value(path, field, kinds, k, x)
  local lim = kinds.limits[k]
  local special = kinds.special and kinds.special[k]
  if not (special and special[x]) and (math.type(x) ~= "integer" or x < lim[1] or x > lim[2]) then
    spec_mod.fail(path, field, "an integer: " .. kinds.doc[k], x)
  end
end

local function check_name(path, field, kinds, k)
  if not kinds.doc[k] then spec_mod.fail(path, field, "a tile parameter (" .. param_names(kinds) .. ")", k) end
end

-- Whether a `when` table selects variant v (axis names checked against the spec).
local function matches(spec, v, when, field)
  if type(when) ~= "table" then spec_mod.fail(spec.path, field .. ".when", "a table of axis = value", when) end
  for axis, value in pairs(when) do
    if not spec.axis_by_name[axis] and axis ~= "arch" then
      spec_mod.fail(spec.path, field .. ".when." .. tostring(axis), "an axis name or arch", axis)
    end
    if v[axis] ~= value then return false end
  end
  return true
end

-- Apply a spec table of the tiles/tune shape: its top-level fields, then its
-- matching `when` entries in order; each field through put(name, value, field).
local function layered(spec, v, src, field, put)
  for k, x in pairs(src) do
    if type(k) == "string" and k ~= "when" then put(k, x, field .. "." .. k) end
  end
  for i, entry in ipairs(src) do
    local f = ("%s[%d]"):format(field, i)
    if type(entry) ~= "table" then spec_mod.fail(spec.path, f, "a table {when = {...}, param = value}", entry) end
    if matches(spec, v, entry.when, f) then
      for k, x in pairs(entry) do
        if type(k) == "string" and k ~= "when" then put(k, x, f .. "." .. k) end
      end
    end
  end
end

function M.resolve(spec, v, tuning, kinds)
  local t = {}
  for k, x in pairs(kinds.defaults) do t[k] = x end
  layered(spec, v, spec.tiles, "tiles", function(k, x, field)
    check_name(spec.path, field, kinds, k)
    check_value(spec.path, field, kinds, k, x)
    t[k] = x
  end)
  if tuning then
    for k, x in pairs(tuning.params) do
      local field = tuning.field .. "." .. tostring(k)
      check_name(tuning.path, field, kinds, k)
      check_value(tuning.path, field, kinds, k, x)
      t[k] = x
    end
  end
  if kinds.normalize then kinds.normalize(t) end
  return t
end

-- min_blocks blocks of `threads` threads must fit a multiprocessor (2048
-- threads): beyond, ptxas ignores the register bound (a tuner's candidate
-- that asks for it is left out).
function M.check_min_blocks(spec, v, threads, min_blocks)
  if threads * min_blocks > 2048 then
    spec_mod.fail(spec.path, "tiles", ("min_blocks blocks of 32 * warps threads that fit a multiprocessor's 2048 (%s)"):format(v.name),
      ("%d of %d"):format(min_blocks, threads))
  end
end

-- A canonical text of a parameter set: "chunks = 2, warps = 4" (sorted names).
function M.text(params)
  local names, parts = {}, {}
  for k in pairs(params) do names[#names + 1] = k end
  table.sort(names)
  for _, k in ipairs(names) do
    local x = params[k]
    parts[#parts + 1] = k .. " = " .. (type(x) == "string" and ("%q"):format(x) or tostring(x))
  end
  return table.concat(parts, ", ")
end

-- The tuner's candidates for variant v: a list of {params = overrides of the
-- untuned tiles, tiles = the resolved tiles, current = {labels}}; the first is
-- the untuned tiles (no override). Duplicates are left out, so the order is
-- fixed by the spec. running: a list of {label = "target" or a GPU model's
-- name, tiles = resolved tiles} that some GPU runs now (its tuning file's);
-- each is a candidate too (after the spec's), labelled, so that the tuner can
-- time the tiles a GPU would otherwise run and keep them unless beaten; then
-- each of those with one `around` value laid over it.
local function candidate_list(spec, field, kinds, k, x)
  check_name(spec.path, field, kinds, k)
  if type(x) ~= "table" or #x == 0 then spec_mod.fail(spec.path, field, "a list of candidate values", x) end
  for i, value in ipairs(x) do check_value(spec.path, ("%s[%d]"):format(field, i), kinds, k, value) end
end

function M.candidates(spec, v, kinds, running)
  local base = M.resolve(spec, v, nil, kinds)
  local lists, names, around, around_names = {}, {}, {}, {}
  layered(spec, v, spec.tune or {}, "tune", function(k, x, field)
    if k == "around" then
      if type(x) ~= "table" or #x > 0 then
        spec_mod.fail(spec.path, field, "a table of tile parameter = {values}, each tried alone on the tiles a GPU runs now", x)
      end
      for name, values in pairs(x) do
        candidate_list(spec, field .. "." .. tostring(name), kinds, name, values)
        if not around[name] then around_names[#around_names + 1] = name end
        around[name] = values
      end
      return
    end
    candidate_list(spec, field, kinds, k, x)
    if not lists[k] then names[#names + 1] = k end
    lists[k] = x
  end)
  table.sort(names)
  table.sort(around_names)
  local out, seen = {}, {}
  local function add(params)
    local tiles = {}
    for k, x in pairs(base) do tiles[k] = x end
    for k, x in pairs(params) do tiles[k] = x end
    if kinds.normalize then kinds.normalize(tiles) end
    local key = M.text(tiles)
    if seen[key] then return seen[key] end
    local own = {} -- only what differs from the untuned tiles
    for k, x in pairs(tiles) do if base[k] ~= x then own[k] = x end end
    out[#out + 1] = { params = own, tiles = tiles, current = {} }
    seen[key] = out[#out]
    return out[#out]
  end
  add({})
  local current = {}
  local function rec(i)
    if i > #names then return add(current) end
    for _, value in ipairs(lists[names[i]]) do
      current[names[i]] = value
      rec(i + 1)
    end
    current[names[i]] = nil
  end
  rec(1)
  if #out > M.MAX_CANDIDATES then
    spec_mod.fail(spec.path, "tune", ("at most %d candidate tile sets per variant"):format(M.MAX_CANDIDATES),
      ("%d for %s"):format(#out, v.base))
  end
  -- the tiles GPUs run now: found among the candidates, or added after them
  -- (a tuning file's tiles need not lie in the spec's tune)
  for _, cur in ipairs(running or {}) do
    local c = add(cur.tiles)
    c.current[#c.current + 1] = cur.label
  end
  -- around them: one parameter changed at a time
  local product = #out
  for _, cur in ipairs(running or {}) do
    for _, name in ipairs(around_names) do
      for _, value in ipairs(around[name]) do
        local tiles = {}
        for k, x in pairs(cur.tiles) do tiles[k] = x end
        tiles[name] = value
        add(tiles)
      end
    end
  end
  if #out - product > M.MAX_AROUND then
    spec_mod.fail(spec.path, "tune.around", ("at most %d tile sets around the ones GPUs run now"):format(M.MAX_AROUND),
      ("%d for %s"):format(#out - product, v.base))
  end
  return out
end

return M
