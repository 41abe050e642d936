-- Per-GPU tuning data, written by the tuner (fusegen_tune) and committed:
--   gen/tuning/sm_<N>.lua          the target's tiles, which every device of
--                                  that target runs unless its model has its own;
--   gen/tuning/sm_<N>_<model>.lua  one GPU model's own ("h200"), for the
--                                  devices it names.
-- A file returns
--   { gpu = "the GPU it was measured on",
--     devices = { "NVIDIA H200", ... },        -- a model's file only
--     ops = { <op> = { <variant> = { <tile parameter> = value, ... }, ... }, ... } }
-- with variants named as `fusegen list` names them, without the _sm<N> suffix.
-- A variant's parameters are laid over the spec's tiles for that target (or
-- model) alone; `{}` means the tuner measured it and kept the spec's tiles.
-- The target's file may instead say `default_model = "h100"`: that model's
-- tiles are the target's. A model's variant whose tiles equal the target's
-- shares its kernel; one whose tiles differ gets a kernel of its own
-- (model_variants). The variants the files of a target name are also the
-- ones a tuning build (--tune-build) makes candidates for.

local spec_mod = require "fusegen.spec"
local tiles_mod = require "fusegen.tiles"

local M = {}

local fail = spec_mod.fail

local function read_variants(path, data, ops_by_name, arch)
  local variants = {}
  for name, list in pairs(data.ops) do
    local op = type(name) == "string" and ops_by_name[name]
    if not op then fail(path, "ops." .. tostring(name), "the name of an op of the specs", name) end
    if type(list) ~= "table" then fail(path, "ops." .. name, "a table of variant = {tile parameters}", list) end
    local bases = {}
    for _, v in ipairs(op.variants) do bases[v.base] = true end
    for base, params in pairs(list) do
      local field = "ops." .. name .. "." .. tostring(base)
      if not bases[base] then
        fail(path, field, "a variant of " .. name .. " as `fusegen list` names it, without _sm" .. arch, base)
      end
      if type(params) ~= "table" then fail(path, field, "a table of tile parameter = value", params) end
      variants[base] = { path = path, field = field, params = params }
    end
  end
  return variants
end

-- Parse one tuning file; ops_by_name: op name -> spec with its variants.
-- Returns { arch = N, model = nil or "h200", path = ..., devices = {...},
-- default_model = nil or a name, variants = { [base] = layer } } where layer
-- is what tiles.resolve takes.
function M.load(file, ops_by_name)
  local path = file.path
  local arch, model = file.name:match("^sm_(%d+)%.lua$"), nil
  if not arch then arch, model = file.name:match("^sm_(%d+)_(%l[%l%d]*)%.lua$") end
  if not arch then
    fail(path, "(file name)", "sm_<N>.lua (a GPU target such as 90) or sm_<N>_<model>.lua (a GPU model in " ..
      "lower-case letters and digits, such as h200)", file.name)
  end
  if model and #model > 16 then fail(path, "(file name)", "a model name of at most 16 characters", model) end
  local chunk, err = load(file.text, "@" .. path, "t", spec_mod.sandbox_env())
  if not chunk then error(err, 0) end
  local ok, data = pcall(chunk)
  if not ok then error(tostring(data), 0) end
  if type(data) ~= "table" then fail(path, "(file)", "the file to return a table {gpu = ..., ops = {...}}", data) end
  local allowed = model and { gpu = true, devices = true, ops = true } or { gpu = true, ops = true, default_model = true }
  for k in pairs(data) do
    if not allowed[k] then
      fail(path, tostring(k), model and "only the fields gpu, devices and ops (a GPU model's file)" or
        "only the fields gpu, ops and default_model (a target's file)", k)
    end
  end
  if data.gpu ~= nil and type(data.gpu) ~= "string" then fail(path, "gpu", "a string naming the GPU", data.gpu) end
  local out = { arch = tonumber(arch), model = model, path = path, variants = {} }
  if model then
    local d = data.devices
    if type(d) ~= "table" or #d == 0 then
      fail(path, "devices", "a list of the device names this model's tiles are for, as CUDA gives them " ..
        "(\"NVIDIA H200\")", d)
    end
    out.devices = {}
    for i, name in ipairs(d) do
      if type(name) ~= "string" or not name:match("^[%w][%w %-%._/()]*$") or #name > 96 then
        fail(path, ("devices[%d]"):format(i), "a device name of letters, digits, spaces and - . _ / ( ) " ..
          "(at most 96 characters)", name)
      end
      out.devices[i] = name
    end
  end
  if data.default_model ~= nil then
    if type(data.default_model) ~= "string" then
      fail(path, "default_model", "the name of a GPU model of this target (its file sm_" .. arch .. "_<name>.lua)",
        data.default_model)
    end
    if data.ops ~= nil then fail(path, "ops", "no ops beside default_model (the model's file holds them)", data.ops) end
    out.default_model = data.default_model
    return out
  end
  if type(data.ops) ~= "table" then fail(path, "ops", "a table of op name = {variant = {tile parameters}}", data.ops) end
  out.variants = read_variants(path, data, ops_by_name, arch)
  return out
end

-- Every tuning file, by GPU target: { [90] = { default = loaded file or nil,
-- models = { loaded model files, by name order } } }.
function M.load_all(files, ops)
  local ops_by_name = {}
  for _, op in ipairs(ops) do ops_by_name[op.op] = op end
  local by_arch = {}
  for _, file in ipairs(files or {}) do
    local t = M.load(file, ops_by_name)
    local a = by_arch[t.arch] or { models = {}, by_model = {} }
    by_arch[t.arch] = a
    if t.model then
      a.models[#a.models + 1] = t
      a.by_model[t.model] = t
    else
      a.default = t
    end
  end
  for arch, a in pairs(by_arch) do
    table.sort(a.models, function(x, y) return x.model < y.model end)
    local d = a.default
    if d and d.default_model then
      local m = a.by_model[d.default_model]
      if not m then
        local names = {}
        for _, x in ipairs(a.models) do names[#names + 1] = x.model end
        fail(d.path, "default_model", ("a GPU model with a file sm_%d_<name>.lua (%s)"):format(arch,
          #names > 0 and table.concat(names, ", ") or "none here"), d.default_model)
      end
      d.variants = m.variants
    end
  end
  return by_arch
end

-- The layer for variant v (the target's, or v's model's), or nil.
function M.layer(by_arch, v)
  local a = by_arch[v.arch]
  if not a then return nil end
  local t = v.model and a.by_model[v.model] or a.default
  return t and t.variants[v.variant or v.base]
end

-- Whether a tuning build tunes variant v: some file of its target names it.
function M.tuned(by_arch, v)
  local a = by_arch[v.arch]
  if not a then return false end
  if a.default and a.default.variants[v.base] then return true end
  for _, m in ipairs(a.models) do if m.variants[v.base] then return true end end
  return false
end

-- The GPU models of the targets built, in a fixed order: { {name, arch,
-- devices, path, index} }; index (from 1) is what dispatch entries carry.
function M.models(by_arch, archs)
  local out = {}
  for _, arch in ipairs(archs) do
    local a = by_arch[arch]
    for _, m in ipairs(a and a.models or {}) do
      out[#out + 1] = { name = m.model, arch = arch, devices = m.devices, path = m.path, index = #out + 1 }
    end
  end
  return out
end

-- A GPU model's variants: for each variant of op whose tiles under a model's
-- file differ from the target's, a copy with the model's tiles (v.model set;
-- its kernel named <variant>_sm<N>_<model>), placed after the variant. Every
-- model layer is checked, also where it changes nothing.
-- The tiles GPUs run now for variant v: {label = "target", tiles = ...} for
-- the target's default, then one per GPU model whose file names v; for the
-- tuner's baseline (tiles.candidates).
function M.current_tiles(op, by_arch, v, kinds)
  local a = by_arch[v.arch]
  if not a then return {} end
  local out = { { label = "target", tiles = tiles_mod.resolve(op, v, M.layer(by_arch, v), kinds) } }
  local names = {}
  for name in pairs(a.by_model) do names[#names + 1] = name end
  table.sort(names)
  for _, name in ipairs(names) do
    local layer = a.by_model[name].variants[v.base]
    if layer then out[#out + 1] = { label = name, tiles = tiles_mod.resolve(op, v, layer, kinds) } end
  end
  return out
end

function M.model_variants(op, by_arch, models, kinds)
  local out = {}
  for _, v in ipairs(op.variants) do
    out[#out + 1] = v
    for _, m in ipairs(models) do
      local layer = m.arch == v.arch and by_arch[v.arch].by_model[m.name].variants[v.base]
      if layer then
        local own = tiles_mod.text(tiles_mod.resolve(op, v, layer, kinds))
        local target = tiles_mod.text(tiles_mod.resolve(op, v, M.layer(by_arch, v), kinds))
        if own ~= target then
          local mv = {}
          for k, x in pairs(v) do mv[k] = x end
          mv.model, mv.model_index, mv.variant, mv.model_path = m.name, m.index, v.base, m.path
          mv.base = v.base .. "_" .. m.name -- its symbols: fg_<variant>_<model>_sm<N>
          mv.name = ("%s_sm%d_%s"):format(v.base, v.arch, m.name)
          out[#out + 1] = mv
        end
      end
    end
  end
  op.variants = out
end

return M
