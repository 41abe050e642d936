-- The stage library and its contract.
--
-- A stage is a template gen/templates/stages/<name>.cu.tpl whose %! lines
-- declare what it is (template.lua): the thread mappings and the level it runs
-- under, its parameters (which the spec binds, per stage instance, to tensors,
-- scalars, symbols, axes or literals), what it hands to later stages (gives)
-- and needs from earlier ones (uses), what it needs of the mapping, and what
-- the 16-byte path must guarantee for it. A spec lists stage instances:
--
--   stages = { row = { { "load_row", from = "x" }, { "norm", kind = "rms", eps = "eps" }, ... } }
--
-- and this module checks the list against the declarations when the spec loads,
-- so that a mistake names the spec, the field and the stage, never a template
-- line, a generator internal or nvcc. At render time a stage sees only its
-- resolved parameters (`arg`) and the mapping's environment.

local template = require "fusegen.template"
local facts_mod = require "fusegen.facts"

local M = {}

local DECL_KEYS = { doc = true, mappings = true, level = true, params = true, gives = true, uses = true,
  needs = true, vec_requires = true, check = true }
local PARAM_KINDS = {
  tensor = "a tensor of the spec",
  scalar = "a scalar of the spec (or a number)",
  choice = "one of the stage's values, an axis whose values are among them, or an enum scalar",
  symbol = "a symbol of the tensors' dims",
  operand = "a tensor, an f32 scalar, a number, or a row an earlier stage gives",
  branches = "a table name = { tensor of branch 0, tensor of branch 1 }",
}
local PARAM_KEYS = { [1] = true, [2] = true, doc = true, access = true, optional = true, tested = true, per_set = true, type = true,
  number = true, values = true, default = true, runtime = true, offset = true, angles = true, level = true,
  streamed = true }

-- The thread mappings (name -> module), given to load_all: each offers its
-- STAGE_LEVELS and the STAGE_NEEDS it acts on (a stage of two mappings may
-- name a need only one of them knows).
local MAPPINGS = {}

local function sorted_keys(t)
  local out = {}
  for k in pairs(t) do out[#out + 1] = tostring(k) end
  table.sort(out)
  return out
end

local function level_names(mapping)
  local out = {}
  for _, l in ipairs(mapping.STAGE_LEVELS) do out[#out + 1] = l.name end
  return out
end

-- registry: name -> declaration (with .name, .path, .params_by_name)
local registry = {}

local function decl_fail(path, what)
  error(("%s: stage declaration: %s"):format(path, what), 0)
end

local function check_decl(name, path, d)
  if type(d) ~= "table" then decl_fail(path, "the %! lines must return a table") end
  for k in pairs(d) do
    if not DECL_KEYS[k] then decl_fail(path, "unknown field '" .. tostring(k) .. "'") end
  end
  if type(d.doc) ~= "string" or d.doc == "" then decl_fail(path, "doc: a one-line description") end
  local mapping_list = table.concat(sorted_keys(MAPPINGS), ", ")
  if type(d.mappings) ~= "table" or #d.mappings == 0 then decl_fail(path, "mappings: a list of mapping names (" .. mapping_list .. ")") end
  for i, mp in ipairs(d.mappings) do
    if not MAPPINGS[mp] then decl_fail(path, ("mappings[%d]: expected one of %s, got %s"):format(i, mapping_list, tostring(mp))) end
  end
  for _, mp in ipairs(d.mappings) do
    local lv = type(d.level) == "table" and d.level[mp] or d.level
    local known = level_names(MAPPINGS[mp])
    local found = false
    for _, l in ipairs(known) do found = found or l == lv end
    if not found then
      table.sort(known)
      decl_fail(path, ("level: expected a level of the %s mapping (%s)%s, got %s"):format(mp, table.concat(known, ", "),
        type(d.level) == "table" and " at level." .. mp or "", tostring(lv)))
    end
  end
  d.params = d.params or {}
  d.params_by_name = {}
  for i, p in ipairs(d.params) do
    if type(p) ~= "table" or type(p[1]) ~= "string" or not PARAM_KINDS[p[2]] then
      decl_fail(path, ("params[%d]: { name, kind } with kind one of tensor, scalar, choice, symbol, operand, branches"):format(i))
    end
    for k in pairs(p) do
      if not PARAM_KEYS[k] then decl_fail(path, ("params[%d]: unknown field '%s'"):format(i, tostring(k))) end
    end
    if p[2] == "choice" and (type(p.values) ~= "table" or #p.values == 0) then
      decl_fail(path, ("params[%d] (%s): a choice needs its values"):format(i, p[1]))
    end
    -- tested: the template tests the pointer at run time, so an optional
    -- tensor may be bound where it can be NULL
    if p.tested ~= nil and (p.tested ~= true or p[2] ~= "tensor") then
      decl_fail(path, ("params[%d] (%s): tested = true only on a tensor parameter"):format(i, p[1]))
    end
    if p.access ~= nil and (p[2] ~= "tensor" or (p.access ~= "in" and p.access ~= "out")) then
      decl_fail(path, ("params[%d] (%s): access = \"in\" or \"out\", only on a tensor parameter"):format(i, p[1]))
    end
    -- streamed: the stage reads the tensor's row once, as whole chunks of the
    -- row in order, so that a mapping may bring the row in by bulk copies
    if p.streamed ~= nil and (p.streamed ~= true or p[2] ~= "tensor" or p.access ~= "in") then
      decl_fail(path, ("params[%d] (%s): streamed = true only on a tensor parameter of access \"in\""):format(i, p[1]))
    end
    if p.level ~= nil and (p[2] ~= "operand" or (p.level ~= 1 and p.level ~= 2)) then
      decl_fail(path, ("params[%d] (%s): level = 1 or 2, only on an operand parameter"):format(i, p[1]))
    end
    p.name, p.kind = p[1], p[2]
    d.params_by_name[p.name] = p
  end
  d.gives = d.gives or {}
  d.uses = d.uses or {}
  d.needs = d.needs or {}
  local function names(field, list)
    if type(list) ~= "table" then decl_fail(path, field .. ": a list of names") end
    for i, x in ipairs(list) do
      if type(x) ~= "string" or not x:match("^[a-z][a-z0-9_]*$") then
        decl_fail(path, ("%s[%d]: a name [a-z][a-z0-9_]*, got %s"):format(field, i, tostring(x)))
      end
    end
  end
  names("uses", d.uses)
  if type(d.gives) ~= "function" then names("gives", d.gives) end
  if type(d.needs) ~= "table" then decl_fail(path, "needs: a list of the mapping's needs") end
  for key, val in pairs(d.needs) do
    local need = type(key) == "number" and val or key
    local known = false
    for _, mp in ipairs(d.mappings) do known = known or MAPPINGS[mp].STAGE_NEEDS[need] == true end
    if not known then
      local all = {}
      for _, mp in ipairs(d.mappings) do
        for n in pairs(MAPPINGS[mp].STAGE_NEEDS) do all[#all + 1] = n end
      end
      table.sort(all)
      decl_fail(path, ("needs: expected needs of its mappings (%s), got %s"):format(table.concat(all, ", "), tostring(need)))
    end
  end
  d.vec_requires = d.vec_requires or {}
  d.name, d.path = name, path
end

-- Read every stage's declaration from the templates (name -> {path, text}).
function M.load_all(templates, env_factory, mappings)
  registry, MAPPINGS = {}, mappings
  local names = {}
  for tname in pairs(templates) do
    local name = tname:match("^stages/([%w_]+)%.cu%.tpl$")
    if name then names[#names + 1] = name end
  end
  table.sort(names)
  for _, name in ipairs(names) do
    local t = templates["stages/" .. name .. ".cu.tpl"]
    local d = template.declaration(t.text, t.path, env_factory())
    if d == nil then decl_fail(t.path, "no %! lines: every stage declares its contract") end
    check_decl(name, t.path, d)
    registry[name] = d
  end
  return registry
end

function M.get(name) return registry[name] end
function M.all()
  local out = {}
  for _, d in pairs(registry) do out[#out + 1] = d end
  table.sort(out, function(a, b) return a.name < b.name end)
  return out
end

-- The stage library as Markdown tables, one per mapping, from the
-- declarations (`fusegen stages`; docs/templates.md holds the same text).
function M.markdown()
  local function level_of(d, mapping) return type(d.level) == "table" and d.level[mapping] or d.level end
  local function params_text(d)
    local out = {}
    for _, p in ipairs(d.params) do
      local extra = {}
      if p.optional then extra[#extra + 1] = "optional" end
      if p.tested then extra[#extra + 1] = "NULL tested" end
      if p.streamed then extra[#extra + 1] = "streamed" end
      if p.per_set then extra[#extra + 1] = "one per head set" end
      if p.values then extra[#extra + 1] = table.concat(p.values, "/") end
      if p.runtime then extra[#extra + 1] = "or an enum scalar" end
      if p.type then extra[#extra + 1] = p.type .. (p.number and " or a number" or "") end
      if p.default then extra[#extra + 1] = "default " .. tostring(p.default) end
      out[#out + 1] = ("`%s` (%s%s)"):format(p.name, p.kind, #extra > 0 and ("; " .. table.concat(extra, ", ")) or "")
    end
    return #out > 0 and table.concat(out, ", ") or "none"
  end
  local function list(t)
    local out = {}
    for k, v in pairs(t) do out[#out + 1] = type(k) == "number" and v or k end
    table.sort(out)
    return #out > 0 and table.concat(out, ", ") or ""
  end
  local lines = {}
  for _, mapping in ipairs(sorted_keys(MAPPINGS)) do
    lines[#lines + 1] = ("### The %s mapping"):format(mapping)
    lines[#lines + 1] = ""
    lines[#lines + 1] = "| Stage | Level | Parameters | Uses | Gives | Needs of the mapping | What it does |"
    lines[#lines + 1] = "|---|---|---|---|---|---|---|"
    for _, d in ipairs(M.all()) do
      local here = false
      for _, mp in ipairs(d.mappings) do here = here or mp == mapping end
      if here then
        local gives = type(d.gives) == "function" and "the names of `rows`" or list(d.gives)
        local needs = {}
        for key, val in pairs(d.needs) do
          local n = type(key) == "number" and val or key
          if MAPPINGS[mapping].STAGE_NEEDS[n] then needs[#needs + 1] = n end
        end
        local cells = { "`" .. d.name .. "`", level_of(d, mapping), params_text(d), list(d.uses), gives, list(needs), d.doc }
        for i, c in ipairs(cells) do cells[i] = c:gsub("|", "\\|") end
        lines[#lines + 1] = "| " .. table.concat(cells, " | ") .. " |"
      end
    end
    lines[#lines + 1] = ""
  end
  return table.concat(lines, "\n")
end

-- ---------------------------------------------------------------------------
-- Checking a spec's stage list

local function shown(x)
  if x == nil then return "nothing" end
  if type(x) == "string" then return ("%q"):format(x) end
  if type(x) == "number" or type(x) == "boolean" then return tostring(x) end
  return "a " .. type(x)
end

-- The facts that a `when` table makes sure of in every variant the instance
-- runs in: the conjuncts of the rule values it names.
local function when_conds(spec, when)
  local conds = {}
  for axis, value in pairs(when or {}) do
    local a = spec.axis_by_name[axis]
    if a and a.kind == "rule" then
      for _, r in ipairs(a.rule) do
        if r[1] == value then
          for _, c in ipairs(facts_mod.conjuncts(r[2])) do conds[c] = true end
        end
      end
    end
  end
  return conds
end

-- Bind one parameter of instance `inst` (field f) to the spec: returns the
-- binding (checked once; per-variant values come later from M.args).
local function bind_param(ctx, p, value, f)
  local spec, fail = ctx.spec, ctx.fail
  local stage_note = (" (stage %s, parameter %s: %s)"):format(ctx.decl.name, p.name, p.doc or PARAM_KINDS[p.kind])
  local function tensor(name, field)
    local t = spec.tensor_by_name[name]
    if type(name) ~= "string" or not t then fail(field, "the name of a tensor of the spec" .. stage_note, name) end
    if p.access == "in" and t.access == "out" then fail(field, "an input (in or inout) tensor" .. stage_note, name) end
    if p.access == "out" and t.access == "in" then fail(field, "an output (out or inout) tensor" .. stage_note, name) end
    -- an optional tensor must be given wherever the stage runs, unless the
    -- stage tests for it (optional = true); an output that may be left out for
    -- its input (inplace_of) always has a pointer
    if t.optional and not t.inplace_of and not p.tested and not ctx.present[name] then
      fail(field, ("a tensor that is always given, or a `when` on a rule axis value whose condition requires %s"):format(name) .. stage_note, name)
    end
    return { kind = "tensor", name = name, tensor = t }
  end
  if p.kind == "tensor" then
    if p.per_set then
      local sets = ctx.head_sets or {}
      if type(value) == "string" and #sets <= 1 then value = { value } end
      if type(value) ~= "table" or #value ~= #sets then
        fail(f, ("a list of %d tensors, one per head set of kernel.head_sets"):format(#sets) .. stage_note, value)
      end
      local list = {}
      for i, n in ipairs(value) do list[i] = tensor(n, ("%s[%d]"):format(f, i)) end
      return { kind = "tensors", list = list }
    end
    return tensor(value, f)
  elseif p.kind == "scalar" then
    if type(value) == "number" and p.number then return { kind = "number", value = value, type = p.type } end
    local sc = spec.scalar_by_name[value]
    if type(value) ~= "string" or not sc or sc.type ~= p.type then
      fail(f, ("the name of a %s scalar%s"):format(p.type, p.number and " or a number" or "") .. stage_note, value)
    end
    return { kind = "scalar", name = value }
  elseif p.kind == "symbol" then
    if type(value) ~= "string" or not spec.symbol_set[value] then fail(f, "a symbol of the tensors' dims" .. stage_note, value) end
    return { kind = "symbol", name = value }
  elseif p.kind == "choice" then
    local allowed = {}
    for _, x in ipairs(p.values) do allowed[x] = true end
    local list = table.concat(p.values, ", ")
    if type(value) == "string" and allowed[value] then return { kind = "literal", value = value } end
    local a = type(value) == "string" and spec.axis_by_name[value]
    if a then
      for j, x in ipairs(a.values) do
        if not allowed[x] then
          fail(("axes[%d].values[%d]"):format(a.index + 1, j), ("one of %s (axis %s is bound to %s.%s)"):format(
            list, a.name, ctx.where, p.name), x)
        end
      end
      return { kind = "axis", axis = a.name }
    end
    local sc = type(value) == "string" and spec.scalar_by_name[value]
    if sc and p.runtime and spec.enums[sc.type] then
      for j, x in ipairs(spec.enums[sc.type]) do
        if not allowed[x] then
          fail(("enums.%s[%d]"):format(sc.type, j), ("one of %s (enum scalar %s is bound to %s.%s)"):format(
            list, sc.name, ctx.where, p.name), x)
        end
      end
      return { kind = "enum", name = value, enum = sc.type }
    end
    fail(f, ("one of %s, or an axis whose values are among them%s"):format(list,
      p.runtime and ", or an enum scalar whose values are among them" or "") .. stage_note, value)
  elseif p.kind == "operand" then
    local name, offset = value, nil
    if type(value) == "table" then name, offset = value[1], value.offset end
    if type(name) == "number" then return { kind = "number", value = name } end
    if type(name) ~= "string" then fail(f, PARAM_KINDS.operand .. stage_note, value) end
    if offset ~= nil and (not p.offset or type(offset) ~= "string" or not spec.symbol_set[offset]) then
      fail(f .. ".offset", p.offset and "a symbol of the tensors' dims (the operand's first channel)" or
        "no offset" .. stage_note, offset)
    end
    if ctx.given[name] then
      if offset then fail(f .. ".offset", "no offset on a row an earlier stage gives" .. stage_note, offset) end
      return { kind = "given", name = name, from = ctx.given[name] }
    end
    if spec.tensor_by_name[name] then
      local b = tensor(name, f)
      b.kind, b.offset = "row", offset
      return b
    end
    local sc = spec.scalar_by_name[name]
    if sc and sc.type == "f32" then
      if offset then fail(f .. ".offset", "no offset on a scalar" .. stage_note, offset) end
      return { kind = "scalar", name = name }
    end
    fail(f, PARAM_KINDS.operand .. stage_note, name)
  elseif p.kind == "branches" then
    if type(value) ~= "table" or next(value) == nil then fail(f, PARAM_KINDS.branches .. stage_note, value) end
    local out = {}
    for _, key in ipairs(sorted_keys(value)) do
      local pair = value[key]
      local kf = f .. "." .. key
      if not key:match("^[a-z][a-z0-9_]*$") then fail(f, "names [a-z][a-z0-9_]* for the rows" .. stage_note, key) end
      if type(pair) ~= "table" or #pair ~= 2 then fail(kf, "{ tensor of branch 0, tensor of branch 1 }" .. stage_note, pair) end
      out[key] = { tensor(pair[1], kf .. "[1]"), tensor(pair[2], kf .. "[2]") }
    end
    return { kind = "branches", rows = out }
  end
end

local function instance_table(raw)
  if type(raw) == "string" then return { raw } end
  return raw
end

-- Check spec.kernel.stages against the declarations and the mapping; sets
-- spec.kernel.instances = { {level =, name =, decl =, bind =, when =, field =}, ... }
-- in the order they run.
function M.check_spec(spec, mapping, fail_at)
  local k = spec.kernel
  local instances, given = {}, {}
  local function fail(field, expected, got) fail_at(field, expected, got) end
  for _, level in ipairs(mapping.STAGE_LEVELS) do
    for j, raw in ipairs(k.stages[level.name]) do
      local where = ("kernel.stages.%s[%d]"):format(level.name, j)
      local inst = instance_table(raw)
      if type(inst) ~= "table" or type(inst[1]) ~= "string" then
        fail(where, "a stage name, or { \"stage\", param = value, ... }", raw)
      end
      local name = inst[1]
      local d = registry[name]
      if not d then
        local names = {}
        for _, s in ipairs(M.all()) do
          for _, mp in ipairs(s.mappings) do if mp == mapping.NAME then names[#names + 1] = s.name end end
        end
        fail(where, ("a stage of the library for the %s mapping (%s)"):format(mapping.NAME, table.concat(names, ", ")), name)
      end
      local ok_mapping = false
      for _, mp in ipairs(d.mappings) do ok_mapping = ok_mapping or mp == mapping.NAME end
      if not ok_mapping then
        fail(where, ("a stage that works under the %s mapping (stage %s works under %s)"):format(
          mapping.NAME, name, table.concat(d.mappings, ", ")), name)
      end
      local dlevel = type(d.level) == "table" and d.level[mapping.NAME] or d.level
      if dlevel ~= level.name then
        fail(where, ("a %s stage here (stage %s runs at the %s level: list it under kernel.stages.%s)"):format(
          level.name, name, dlevel, dlevel), name)
      end
      -- when: the axis values this instance runs for
      local when = inst.when
      if when ~= nil then
        if type(when) ~= "table" then fail(where .. ".when", "a table axis = value", when) end
        for axis, value in pairs(when) do
          local a = spec.axis_by_name[axis]
          if not a then fail(where .. ".when." .. tostring(axis), "the name of an axis", axis) end
          local found = false
          for _, x in ipairs(a.values) do found = found or x == value end
          if not found then fail(where .. ".when." .. axis, "a value of axis " .. axis, value) end
        end
      end
      local present = {}
      for c in pairs(when_conds(spec, when)) do
        if spec.tensor_by_name[c] then present[c] = true end
      end
      -- parameters: each known, each required one given
      for key in pairs(inst) do
        if key ~= 1 and key ~= "when" and (type(key) ~= "string" or not d.params_by_name[key]) then
          local known = {}
          for _, p in ipairs(d.params) do known[#known + 1] = p.name end
          fail(where .. "." .. tostring(key), ("a parameter of stage %s (%s)"):format(name,
            #known > 0 and table.concat(known, ", ") or "it has none"), key)
        end
      end
      local ctx = { spec = spec, decl = d, where = where, fail = fail, present = present, given = given,
        head_sets = k.head_sets }
      local bind = {}
      for _, p in ipairs(d.params) do
        local value = inst[p.name]
        if value == nil then value = p.default end
        if value == nil then
          if not p.optional then
            fail(where .. "." .. p.name, ("%s (stage %s, parameter %s: %s)"):format(PARAM_KINDS[p.kind], name, p.name,
              p.doc or ""), nil)
          end
        else
          bind[p.name] = bind_param(ctx, p, value, where .. "." .. p.name)
        end
      end
      local entry = { level = level.name, name = name, decl = d, bind = bind, when = when, field = where, index = #instances + 1 }
      -- uses: given by an earlier stage, in every variant this one runs in (a
      -- giver with a `when` must run wherever this instance runs)
      local function given_here(u, field)
        local g = given[u]
        if not g then
          fail(field, ("a stage after one that gives %q (stage %s uses it)"):format(u, name), name)
        end
        for axis, value in pairs(g.when or {}) do
          if not when or when[axis] ~= value then
            fail(field .. ".when", ("when = { %s = %q } at least, as %s (%s, which gives %q) runs only then"):format(
              axis, value, g.field, g.name, u), when)
          end
        end
      end
      for _, u in ipairs(d.uses) do given_here(u, where) end
      for _, p in ipairs(d.params) do
        local b = bind[p.name]
        if b and b.kind == "given" then given_here(b.name, where .. "." .. p.name) end
      end
      if d.check then
        local msg, sub = d.check(M.check_view(spec, entry, instances, mapping))
        if msg then fail(sub and (where .. "." .. sub) or where, msg .. (" (stage %s)"):format(name), sub and inst[sub] or name) end
      end
      local gives = type(d.gives) == "function" and d.gives(bind) or d.gives
      for _, g in ipairs(gives) do
        if spec.tensor_by_name[g] or spec.scalar_by_name[g] then
          fail(where, ("names for what the stage gives that are not tensors or scalars (%q is both)"):format(g), name)
        end
        given[g] = entry
      end
      instances[#instances + 1] = entry
    end
  end
  k.instances = instances
  M.check_vec_rules(spec, instances, mapping, fail)
end

-- What a stage's check function sees: the spec, its bindings, the instances
-- before it, and the symbol and tensor helpers.
function M.check_view(spec, entry, before, mapping)
  local view = { spec = spec, bind = entry.bind, before = before }
  function view.giver(what)
    for i = #before, 1, -1 do
      local g = type(before[i].decl.gives) == "function" and before[i].decl.gives(before[i].bind) or before[i].decl.gives
      for _, x in ipairs(g) do if x == what then return before[i] end end
    end
  end
  function view.last_dim(t) return t.parsed_dims[#t.parsed_dims] end
  function view.has_constraint(text)
    local want = facts_mod.normalize(text)
    for _, c in ipairs(spec.constraints) do
      for _, part in ipairs(facts_mod.conjuncts(c[1])) do if part == want then return true end end
    end
    return false
  end
  if mapping.check_helpers then mapping.check_helpers(view) end
  return view
end

-- The 16-byte path: wherever a rule value's condition holds aligned16, it must
-- also hold what the mapping and every stage need of that path ("R % (2 * VEC)
-- == 0" for rotate's chunks of whole pairs), with their symbols filled in.
function M.check_vec_rules(spec, instances, mapping, fail)
  local need = {}
  for _, r in ipairs(mapping.vec_requires(spec)) do need[#need + 1] = { text = r, who = "the " .. mapping.NAME .. " mapping" } end
  for _, inst in ipairs(instances) do
    for _, r in ipairs(inst.decl.vec_requires) do
      local text = r:gsub("%$([%w_]+)", function(pname)
        local b = inst.bind[pname]
        return b and b.name or ("$" .. pname)
      end)
      if not text:find("$", 1, true) then need[#need + 1] = { text = text, who = "stage " .. inst.name } end
    end
  end
  for _, a in ipairs(spec.axes) do
    if a.kind == "rule" then
      for j, r in ipairs(a.rule) do
        local conds = {}
        for _, c in ipairs(facts_mod.conjuncts(r[2])) do conds[c] = true end
        if conds.aligned16 then
          for _, n in ipairs(need) do
            if not conds[facts_mod.normalize(n.text)] then
              fail(("axes[%d].rule[%d][2]"):format(a.index + 1, j),
                ("a condition that, with aligned16, also requires %s (%s reads 16-byte chunks only then)"):format(n.text, n.who), r[2])
            end
          end
        end
      end
    end
  end
end

-- ---------------------------------------------------------------------------
-- Per variant: the instances that run and their arguments

-- Whether an instance runs in variant v.
local function runs_in(inst, v)
  for axis, value in pairs(inst.when or {}) do
    if v[axis] ~= value then return false end
  end
  return true
end

-- What a template sees of a bound parameter in variant v (arg.<name>).
local function resolve(spec, b, v, tensors)
  if b.kind == "tensor" or b.kind == "row" then
    local t = tensors[b.name]
    return { kind = b.kind, name = b.name, dtype = t.dtype, ctype = t.ctype, tensor = b.tensor, offset = b.offset,
      ptr = "p." .. b.name, stride = function(i) return ("p.%s_stride[%d]"):format(b.name, i) end }
  elseif b.kind == "tensors" then
    local list = {}
    local ptrs = {}
    for i, x in ipairs(b.list) do list[i] = resolve(spec, x, v, tensors); ptrs[i] = list[i].ptr end
    return { kind = "tensors", list = list, ptrs = ptrs, dtype = list[1].dtype, ctype = list[1].ctype }
  elseif b.kind == "scalar" then
    return { kind = "scalar", name = b.name, expr = "p." .. b.name }
  elseif b.kind == "number" then
    return { kind = "number", value = b.value, expr = M.c_number(b.value, b.type) }
  elseif b.kind == "symbol" then
    return { kind = "symbol", name = b.name, expr = "p." .. b.name }
  elseif b.kind == "literal" then
    return b.value
  elseif b.kind == "axis" then
    return v[b.axis]
  elseif b.kind == "enum" then
    -- a run-time choice: is(x) is the C test that the scalar holds value x
    local values = spec.enums[b.enum]
    local index = {}
    for i, x in ipairs(values) do index[x] = i - 1 end
    return { kind = "enum", name = b.name, values = values, index = index,
      is = function(x) return index[x] and ("p.%s == %d"):format(b.name, index[x]) or "false" end,
      isnt = function(x) return index[x] and ("p.%s != %d"):format(b.name, index[x]) or "true" end }
  elseif b.kind == "given" then
    return { kind = "given", name = b.name }
  elseif b.kind == "branches" then
    local rows = {}
    for key, pair in pairs(b.rows) do rows[key] = { resolve(spec, pair[1], v, tensors), resolve(spec, pair[2], v, tensors) } end
    return { kind = "branches", rows = rows }
  end
end

-- A number as a C literal of its parameter's type: 1e-06f, 1.0f, 0LL.
function M.c_number(x, type_)
  if type_ == "i64" then return ("%dLL"):format(math.tointeger(x) or 0) end
  local text = ("%.9g"):format(x)
  if not text:find("[%.eEn]") then text = text .. ".0" end
  return text .. "f"
end

local function strict(tbl, what)
  return setmetatable(tbl, { __index = function(_, key)
    error(("%s has no parameter '%s'"):format(what, tostring(key)), 2)
  end })
end

-- The instances of level `level` that run in variant v, each with its `arg`.
function M.for_variant(spec, v, tensors, level)
  local out = {}
  for _, inst in ipairs(spec.kernel.instances) do
    if (level == nil or inst.level == level) and runs_in(inst, v) then
      local arg = {}
      for _, p in ipairs(inst.decl.params) do
        local b = inst.bind[p.name]
        if b then
          arg[p.name] = resolve(spec, b, v, tensors)
          if p.level and type(arg[p.name]) == "table" then arg[p.name].level = p.level end
        else
          arg[p.name] = false
        end
      end
      out[#out + 1] = { name = inst.name, decl = inst.decl, index = inst.index, level = inst.level,
        arg = strict(arg, "stage " .. inst.name), field = inst.field }
    end
  end
  return out
end

-- What the mapping reads of the stages of a variant: the union of their needs
-- (a need with a table value carries the instance's arguments it names).
function M.needs(list)
  local needs = {}
  for _, inst in ipairs(list) do
    for key, val in pairs(inst.decl.needs) do
      if type(key) == "number" then needs[val] = true
      else
        local got = {}
        for k, pname in pairs(val) do got[k] = inst.arg[pname] end
        needs[key] = got
      end
    end
  end
  return needs
end

return M
