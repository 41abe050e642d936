-- Loading and validating op specs.
--
-- A spec is a Lua file that returns a table (docs/spec-format.md). It runs in an
-- environment with no io, os, load, require or debug: only pure functions.
-- Every error names the spec file, the field and what was expected.

local dtypes = require "fusegen.dtypes"
local stages_mod = require "fusegen.stages"

local M = {}

local names = require "fusegen.names"
local text = require "fusegen.text"
local condition = require "fusegen.condition"

local SAFE_GLOBALS = {
  "assert", "error", "ipairs", "next", "pairs", "pcall", "select", "tonumber",
  "tostring", "type", "rawequal", "rawget", "rawlen", "rawset",
  "setmetatable", "getmetatable",
}

local function deep_copy_lib(lib)
  local t = {}
  for k, v in pairs(lib) do t[k] = v end
  return t
end

-- A fresh environment for a spec: pure functions only.
function M.sandbox_env()
  local env = {}
  for _, name in ipairs(SAFE_GLOBALS) do env[name] = _G[name] end
  env.string = deep_copy_lib(string)
  env.table = deep_copy_lib(table)
  env.math = deep_copy_lib(math)
  env.utf8 = deep_copy_lib(utf8)
  return env
end

local function fail(path, field, expected, got)
  local shown
  if got == nil then shown = "nothing"
  elseif type(got) == "string" then shown = string.format("%q", got)
  elseif type(got) == "number" or type(got) == "boolean" then shown = tostring(got)
  else shown = "a " .. type(got) end
  error(string.format("%s: field '%s': expected %s, got %s", path, field, expected, shown), 0)
end
M.fail = fail

local IDENT = "^[a-z][a-z0-9_]*$"
-- What the runtime's fixed-size arrays hold (runtime/fusegen_internal.h: FG__MAX_*).
local LIMITS = { tensors = 16, symbols = 16, axes = 8 }
-- Bounds of sizes and counts, far above what any op needs, so that a spec
-- that asks for too much is refused at once (docs/spec-format.md, "Bounds").
local BOUNDS = {
  size = 4096,      -- a value of a symbol axis (a head size): its variant is unrolled for it
  variants = 4096,  -- combinations of axis values of one op (rope_positions: 1008)
}
local SYMBOL = "^[A-Z][A-Z0-9_]*$"

local function check_ident(path, field, v)
  if type(v) ~= "string" or not v:match(IDENT) then
    fail(path, field, "a lower-case identifier ([a-z][a-z0-9_]*)", v)
  end
end

local function check_list(path, field, v, what, allow_empty)
  if type(v) ~= "table" or (#v == 0 and not allow_empty) then
    fail(path, field, "a non-empty list of " .. what, v)
  end
  local n = 0
  for k in pairs(v) do
    if type(k) ~= "number" or k < 1 or k > #v or k % 1 ~= 0 then
      fail(path, field, "a list (no named keys) of " .. what, v)
    end
    n = n + 1
  end
  if n ~= #v then fail(path, field, "a list without holes (no nil among its elements) of " .. what, v) end
end

local function check_keys(path, field, t, allowed)
  local unknown = {}
  for k in pairs(t) do
    if type(k) ~= "string" or not allowed[k] then unknown[#unknown + 1] = tostring(k) end
  end
  if #unknown == 0 then return end
  table.sort(unknown) -- the same report on every run
  local names = {}
  for n in pairs(allowed) do names[#names + 1] = n end
  table.sort(names)
  local where = field == "" and unknown[1] or (field .. "." .. unknown[1])
  fail(path, where, "one of the known fields (" .. table.concat(names, ", ") .. ")", unknown[1])
end

local function set_of(list)
  local s = {}
  for _, v in ipairs(list) do s[v] = true end
  return s
end

local ACCESS = set_of { "in", "out", "inout" }
local TENSOR_KEYS = set_of { "name", "dims", "dtype", "access", "optional", "inplace_of", "scalar_access", "doc" }
local SCALAR_KEYS = set_of { "name", "type", "default", "doc" }
local AXIS_KEYS = set_of { "name", "values", "from", "rule", "prefix", "any_when", "any_max", "doc" }
local SPEC_KEYS = set_of { "op", "summary", "doc", "tensors", "scalars", "enums", "constraints",
  "axes", "keep", "keep_doc", "kernel", "tiles", "tune" }
local KERNEL_KEYS = set_of { "mapping", "stages", "files" } -- and the mapping's own
local MAPPINGS = {} -- filled below: mapping modules require this one

-- Parse a dims entry: "S", "B?" (optional leading dim, 1 when absent), "R/2",
-- "B|1" (B or 1: a size-1 dim broadcasts, stride 0), "1" (always size 1).
local DIM_FORMS = "a dim such as \"S\", \"B?\", \"R/2\", \"C*2\", \"B|1\" or \"1\""
local function parse_dim(path, field, d)
  if type(d) ~= "string" then fail(path, field, DIM_FORMS, d) end
  if d == "1" then return { div = 1, optional = false, literal = true } end
  local sym, opt = d:match("^([A-Z][A-Z0-9_]*)(%??)$")
  if sym then return { sym = sym, div = 1, optional = opt == "?" } end
  local sb, bopt = d:match("^([A-Z][A-Z0-9_]*)|1(%??)$")
  if sb then return { sym = sb, div = 1, optional = bopt == "?", broadcast = true } end
  local s2, div = d:match("^([A-Z][A-Z0-9_]*)/(%d+)$")
  if s2 and tonumber(div) >= 1 and tonumber(div) <= 64 then return { sym = s2, div = tonumber(div), optional = false } end
  -- "C*2": a multiple of the symbol (the size must divide by it)
  local s3, mul = d:match("^([A-Z][A-Z0-9_]*)%*(%d+)$")
  if s3 and tonumber(mul) >= 1 and tonumber(mul) <= 64 then return { sym = s3, div = 1, mul = tonumber(mul), optional = false } end
  fail(path, field, DIM_FORMS, d)
end

-- Check a C condition over the op's symbols: only symbols, numbers, operators.
-- Rule conditions may also name an optional tensor (one without inplace_of):
-- true when the caller gives it.
local RULE_WORDS = { VEC = true, aligned16 = true }
local function check_condition(path, field, expr, symbols, rule_words, optional_inputs)
  if type(expr) ~= "string" or expr == "" then fail(path, field, "a condition such as \"R == D\"", expr) end
  for word in expr:gmatch("[%a_][%w_]*") do
    local ok = symbols[word] or (rule_words and (RULE_WORDS[word] or (optional_inputs and optional_inputs[word])))
    if not ok then
      fail(path, field, "a condition over the symbols of the tensors' dims" ..
        (rule_words and " (or VEC, aligned16, an optional tensor)" or "") .. "; '" .. word .. "' is none of them", expr)
    end
  end
  if expr:gsub("[%a_][%w_]*", ""):find("[^%s%d%+%-%*/%%%(%)<>=!&|?:]") then
    fail(path, field, "a condition made of symbols, numbers and C operators", expr)
  end
  if expr:find("//", 1, true) or expr:find("/*", 1, true) or expr:find("*/", 1, true) or expr:find("??", 1, true) then
    fail(path, field, "a condition with no comment (//, /*, */) or trigraph (??)", expr)
  end
  local problem = condition.parse(expr, function(word) return optional_inputs ~= nil and optional_inputs[word] ~= nil end)
  if problem then fail(path, field, "a C condition (symbols, numbers, operators and parentheses): " .. problem, expr) end
end

-- Helpers a spec file may call to share the common part of a family of ops.
--   extend(base, changes): a copy of base with the fields of changes replacing its own
--   join(list, ...): one list of the elements of every list given, in order
local function copy(x)
  if type(x) ~= "table" then return x end
  local t = {}
  for k, v in pairs(x) do t[k] = copy(v) end
  return t
end
-- (a wrong argument is the spec's mistake: the error, raised at level 2,
-- names the spec's line that called the helper)
local function extend(base, changes)
  if type(base) ~= "table" then error(("extend(base, changes): expected a table as base, got %s"):format(type(base)), 2) end
  if changes ~= nil and type(changes) ~= "table" then
    error(("extend(base, changes): expected a table or nil as changes, got %s"):format(type(changes)), 2)
  end
  local t = copy(base)
  for k, v in pairs(changes or {}) do t[k] = copy(v) end
  return t
end
local function join(...)
  local out = {}
  for i = 1, select("#", ...) do
    local list = select(i, ...)
    if list and type(list) ~= "table" then
      error(("join(...): expected a list, nil or false as argument %d, got %s"):format(i, type(list)), 2)
    end
    for _, x in ipairs(list or {}) do out[#out + 1] = copy(x) end
  end
  return out
end

-- Load a spec file: run it in the sandbox and validate what it returns: one
-- op's table, or a family: a list of op tables (each member then named in
-- errors as `<file>: op '<name>'`).
function M.load(file, templates)
  local env = M.sandbox_env()
  env.extend, env.join = extend, join
  local chunk, err = load(file.text, "@" .. file.path, "t", env)
  if not chunk then error(err, 0) end
  local ok, s = pcall(chunk)
  if not ok then error(tostring(s), 0) end
  if type(s) ~= "table" then fail(file.path, "(file)", "the file to return a table (an op) or a list of op tables (a family)", s) end
  -- (validation annotates the tables: each op gets its own copy, so that the
  -- members of a family may share tables)
  if s[1] == nil then return { M.validate(copy(s), file.path, file.path, templates) } end
  check_list(file.path, "(file)", s, "op tables (a family of ops)")
  local out = {}
  for i, member in ipairs(s) do
    local name = type(member) == "table" and type(member.op) == "string" and member.op:match(IDENT) and member.op
    local where = name and ("%s: op '%s'"):format(file.path, name) or ("%s: entry %d"):format(file.path, i)
    if type(member) ~= "table" then fail(where, "(entry)", "an op table", member) end
    out[i] = M.validate(copy(member), where, file.path, templates)
  end
  return out
end

-- Validate one op's table s; path names it in errors, file is its spec file.
function M.validate(s, path, file, templates)
  check_keys(path, "", s, SPEC_KEYS)
  s.path, s.file = path, file

  names.check_op(path, "op", s.op)
  text.check(path, "summary", s.summary, true)
  if s.doc ~= nil then text.check(path, "doc", s.doc) end

  -- enums
  s.enums = s.enums or {}
  if type(s.enums) ~= "table" then fail(path, "enums", "a table of name = {values}", s.enums) end
  for name, values in pairs(s.enums) do
    names.check_enum(path, "enums." .. tostring(name), name)
    check_list(path, "enums." .. name, values, "lower-case names")
    for i, v in ipairs(values) do names.check_lower(path, ("enums.%s[%d]"):format(name, i), v) end
  end

  -- tensors
  check_list(path, "tensors", s.tensors, "tensor descriptions")
  if #s.tensors > LIMITS.tensors then fail(path, "tensors", ("at most %d tensors"):format(LIMITS.tensors), #s.tensors) end
  local symbols, by_name, groups = {}, {}, {}
  for i, t in ipairs(s.tensors) do
    local f = ("tensors[%d]"):format(i)
    if type(t) ~= "table" then fail(path, f, "a table", t) end
    check_keys(path, f, t, TENSOR_KEYS)
    names.check_argument(path, f .. ".name", t.name)
    if by_name[t.name] then fail(path, f .. ".name", "a name not used by another tensor", t.name) end
    by_name[t.name] = t
    t.index = i - 1
    check_list(path, f .. ".dims", t.dims, "dims")
    if #t.dims > 6 then fail(path, f .. ".dims", "at most 6 dims", #t.dims) end
    -- a "?" dim may be left out: a tensor given with k dims fewer leaves out
    -- the first k of them (size 1, stride 0)
    t.parsed_dims = {}
    t.optional_dims = 0
    for j, d in ipairs(t.dims) do
      local pd = parse_dim(path, ("%s.dims[%d]"):format(f, j), d)
      if pd.optional then t.optional_dims = t.optional_dims + 1 end
      t.parsed_dims[j] = pd
      if pd.sym then names.check_symbol(path, ("%s.dims[%d]"):format(f, j), pd.sym, d) end
      if pd.sym then symbols[pd.sym] = true end
    end
    if type(t.dtype) ~= "string" then fail(path, f .. ".dtype", "an axis name (such as \"act\") or a dtype (" .. dtypes.names() .. ")", t.dtype) end
    if not ACCESS[t.access] then fail(path, f .. ".access", "\"in\", \"out\" or \"inout\"", t.access) end
    if t.optional ~= nil and type(t.optional) ~= "boolean" then fail(path, f .. ".optional", "true or false", t.optional) end
    t.optional = t.optional or false
    if t.doc ~= nil then text.check(path, f .. ".doc", t.doc) end
    if t.scalar_access ~= nil and type(t.scalar_access) ~= "boolean" then
      fail(path, f .. ".scalar_access", "true (read one element at a time: any strides, no 16-byte path) or false", t.scalar_access)
    end
    t.scalar_access = t.scalar_access or false
  end
  for i, t in ipairs(s.tensors) do
    if t.inplace_of ~= nil then
      local f = ("tensors[%d].inplace_of"):format(i)
      local src = by_name[t.inplace_of]
      if not src then fail(path, f, "the name of another tensor", t.inplace_of) end
      if t.access ~= "out" or src.access ~= "in" then fail(path, f, "an output that may alias an input", t.inplace_of) end
      if #src.dims ~= #t.dims then fail(path, f, "a tensor with the same dims as this one", t.inplace_of) end
    end
  end
  s.tensor_by_name = by_name
  -- a broadcast dim ("B|1") needs its symbol bound by some full dim
  local full_dims = {}
  for _, t in ipairs(s.tensors) do
    for _, d in ipairs(t.parsed_dims) do if d.sym and not d.broadcast then full_dims[d.sym] = true end end
  end
  for i, t in ipairs(s.tensors) do
    for j, d in ipairs(t.parsed_dims) do
      if d.broadcast and not full_dims[d.sym] then
        fail(path, ("tensors[%d].dims[%d]"):format(i, j), "a symbol that some other dim gives in full (not only \"" ..
          d.sym .. "|1\")", t.dims[j])
      end
    end
  end
  local optional_inputs = {}
  for _, t in ipairs(s.tensors) do
    if t.optional and not t.inplace_of then optional_inputs[t.name] = true end
  end
  local sym_list = {}
  for k in pairs(symbols) do sym_list[#sym_list + 1] = k end
  table.sort(sym_list)
  s.symbols = sym_list
  s.symbol_set = symbols
  if #sym_list > LIMITS.symbols then
    fail(path, "tensors", ("dims with at most %d distinct symbols"):format(LIMITS.symbols), #sym_list)
  end

  -- scalars
  s.scalars = s.scalars or {}
  check_list(path, "scalars", s.scalars, "scalar descriptions", true)
  s.scalar_by_name = {}
  for i, sc in ipairs(s.scalars) do
    local f = ("scalars[%d]"):format(i)
    if type(sc) ~= "table" then fail(path, f, "a table", sc) end
    check_keys(path, f, sc, SCALAR_KEYS)
    names.check_argument(path, f .. ".name", sc.name)
    if sc.doc ~= nil then text.check(path, f .. ".doc", sc.doc) end
    if by_name[sc.name] or s.scalar_by_name[sc.name] then fail(path, f .. ".name", "a name not used by a tensor or another scalar", sc.name) end
    if sc.type ~= "f32" and sc.type ~= "i64" and not s.enums[sc.type] then
      fail(path, f .. ".type", "\"f32\", \"i64\" or the name of one of the spec's enums", sc.type)
    end
    if sc.default ~= nil and (sc.type ~= "i64" and sc.type ~= "f32" or type(sc.default) ~= "number") then
      fail(path, f .. ".default", "a number, for an i64 or f32 scalar (what bindings pass when it is left out)", sc.default)
    end
    s.scalar_by_name[sc.name] = sc
  end

  -- axes: their order is the order of the dispatch key
  check_list(path, "axes", s.axes, "axis descriptions")
  if #s.axes > LIMITS.axes then fail(path, "axes", ("at most %d axes"):format(LIMITS.axes), #s.axes) end
  s.axis_by_name = {}
  local combinations = 1
  for i, a in ipairs(s.axes) do
    local f = ("axes[%d]"):format(i)
    if type(a) ~= "table" then fail(path, f, "a table", a) end
    check_keys(path, f, a, AXIS_KEYS)
    names.check_axis(path, f .. ".name", a.name)
    if s.axis_by_name[a.name] then fail(path, f .. ".name", "a name not used by another axis", a.name) end
    s.axis_by_name[a.name] = a
    a.index = i - 1
    if a.prefix ~= nil then names.check_prefix(path, f .. ".prefix", a.prefix) end
    if a.doc ~= nil then text.check(path, f .. ".doc", a.doc) end
    check_list(path, f .. ".values", a.values, "values")
    combinations = combinations * #a.values
    if combinations > BOUNDS.variants then
      fail(path, f .. ".values", ("axes with at most %d combinations of values (variants per GPU target)"):format(BOUNDS.variants),
        combinations)
    end
    local seen = {}
    for j, v in ipairs(a.values) do
      if not names.is_value(v) then
        fail(path, ("%s.values[%d]"):format(f, j), "an integer from 0 or a lower-case name (no double or trailing underscore)", v)
      end
      if seen[v] then fail(path, ("%s.values[%d]"):format(f, j), "a value not listed twice", v) end
      seen[v] = true
    end
    if i == 1 then names.check_op_split(path, s.op, a) end
    if type(a.from) ~= "string" then fail(path, f .. ".from", "\"dtype TENSOR\", \"symbol SYM\", \"scalar NAME\" or \"rule\"", a.from) end
    local kind, arg = a.from:match("^(%a+)%s*(.*)$")
    a.kind, a.arg = kind, arg
    if kind == "dtype" then
      local t = by_name[arg]
      if not t then fail(path, f .. ".from", "\"dtype TENSOR\" naming a tensor", a.from) end
      for j, v in ipairs(a.values) do
        if not dtypes.info(v) then fail(path, ("%s.values[%d]"):format(f, j), "a dtype (" .. dtypes.names() .. ")", v) end
      end
    elseif kind == "symbol" then
      if not symbols[arg] then fail(path, f .. ".from", "\"symbol SYM\" naming a symbol of the tensors' dims", a.from) end
      -- integer values, and optionally "any" last: the general variant for every
      -- other size where any_when holds (at most any_max, which sizes its registers)
      for j, v in ipairs(a.values) do
        if v == "any" and j == #a.values then
          check_condition(path, f .. ".any_when", a.any_when, symbols)
          if math.type(a.any_max) ~= "integer" or a.any_max < 2 or a.any_max > BOUNDS.size then
            fail(path, f .. ".any_max", ("the largest size the general variant takes (an integer, 2 to %d)"):format(BOUNDS.size), a.any_max)
          end
          a.has_any = true
        elseif math.type(v) ~= "integer" or v < 1 or v > BOUNDS.size then
          fail(path, ("%s.values[%d]"):format(f, j),
            ("a size from 1 to %d (or \"any\", last, with any_when and any_max)"):format(BOUNDS.size), v)
        end
      end
    elseif kind == "scalar" then
      local sc = s.scalar_by_name[arg]
      if not sc or not s.enums[sc.type] then fail(path, f .. ".from", "\"scalar NAME\" naming a scalar of enum type", a.from) end
      local enum_set = set_of(s.enums[sc.type])
      for j, v in ipairs(a.values) do
        if not enum_set[v] then fail(path, ("%s.values[%d]"):format(f, j), "a value of enum " .. sc.type, v) end
      end
    elseif kind == "rule" and arg == "" then
      check_list(path, f .. ".rule", a.rule, "{value, condition} pairs")
      local covered = {}
      for j, r in ipairs(a.rule) do
        local rf = ("%s.rule[%d]"):format(f, j)
        if type(r) ~= "table" or not seen[r[1]] then fail(path, rf, "{value, condition} with a value of this axis", r) end
        check_condition(path, rf .. "[2]", r[2], symbols, true, optional_inputs)
        covered[r[1]] = true
      end
      for _, v in ipairs(a.values) do
        if not covered[v] then fail(path, f .. ".rule", "a condition for every value (missing " .. tostring(v) .. ")", nil) end
      end
    else
      fail(path, f .. ".from", "\"dtype TENSOR\", \"symbol SYM\", \"scalar NAME\" or \"rule\"", a.from)
    end
  end
  -- tensor dtypes: an axis of kind dtype, or a fixed dtype
  for i, t in ipairs(s.tensors) do
    local a = s.axis_by_name[t.dtype]
    if a then
      if a.kind ~= "dtype" then fail(path, ("tensors[%d].dtype"):format(i), "an axis whose values are dtypes", t.dtype) end
    elseif not dtypes.info(t.dtype) then
      fail(path, ("tensors[%d].dtype"):format(i), "an axis name of kind dtype or a dtype (" .. dtypes.names() .. ")", t.dtype)
    end
  end

  -- constraints: {condition, message}
  s.constraints = s.constraints or {}
  check_list(path, "constraints", s.constraints, "{condition, message} pairs", true)
  for i, c in ipairs(s.constraints) do
    local f = ("constraints[%d]"):format(i)
    if type(c) ~= "table" or type(c[2]) ~= "string" then fail(path, f, "{condition, message}", c) end
    check_condition(path, f .. "[1]", c[1], symbols)
  end

  if s.keep ~= nil and type(s.keep) ~= "function" then fail(path, "keep", "a function(variant) returning true for the variants to build", s.keep) end
  if s.keep ~= nil and type(s.keep_doc) ~= "string" then fail(path, "keep_doc", "a string saying which variants keep() drops (used in error messages)", s.keep_doc) end

  -- kernel: mapping, stages, files and the mapping's own fields
  local k = s.kernel
  if type(k) ~= "table" then fail(path, "kernel", "a table with mapping, stages and files", k) end
  local mapping = MAPPINGS[k.mapping]
  if not mapping then
    local names = {}
    for n in pairs(MAPPINGS) do names[#names + 1] = ("%q"):format(n) end
    table.sort(names)
    fail(path, "kernel.mapping", "a thread mapping (" .. table.concat(names, ", ") .. ")", k.mapping)
  end
  local keys = {}
  for n in pairs(KERNEL_KEYS) do keys[n] = true end
  for _, n in ipairs(mapping.KERNEL_KEYS or {}) do keys[n] = true end
  check_keys(path, "kernel", k, keys)
  mapping.check_kernel(s, symbols)
  -- stages: a list of stage instances per level of the mapping (heads: token, head),
  -- checked against the stages' declarations (gen/lua/fusegen/stages.lua)
  local levels = mapping.STAGE_LEVELS
  local level_doc = {}
  for _, l in ipairs(levels) do level_doc[#level_doc + 1] = l.name .. " = {...}" end
  level_doc = "a table {" .. table.concat(level_doc, ", ") .. "}"
  if type(k.stages) ~= "table" then fail(path, "kernel.stages", level_doc, k.stages) end
  local level_set = {}
  for _, l in ipairs(levels) do level_set[l.name] = true end
  check_keys(path, "kernel.stages", k.stages, level_set)
  for _, l in ipairs(levels) do
    local list = k.stages[l.name] or {}
    k.stages[l.name] = list
    check_list(path, "kernel.stages." .. l.name, list, "stage instances", l.may_be_empty)
  end
  stages_mod.check_spec(s, mapping, function(field, expected, got) fail(path, field, expected, got) end)
  check_list(path, "kernel.files", k.files, "axis names")
  for j, name in ipairs(k.files) do
    if not s.axis_by_name[name] then fail(path, ("kernel.files[%d]"):format(j), "the name of an axis", name) end
  end

  -- tiles: defaults, then {when = {axis = value, ...}, param = value} entries (checked by the mapping)
  s.tiles = s.tiles or {}
  if type(s.tiles) ~= "table" then fail(path, "tiles", "a table of tile parameters", s.tiles) end
  -- tune: the candidate values the tuner tries, in the same shape with lists (gen/lua/fusegen/tiles.lua)
  if s.tune ~= nil and type(s.tune) ~= "table" then fail(path, "tune", "a table of tile parameter = {candidate values}", s.tune) end
  return s
end

function M.register_mapping(name, module) MAPPINGS[name] = module end
function M.mappings() return MAPPINGS end

return M
