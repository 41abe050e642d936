-- Per-GPU tuning data: gen/tuning/sm_<N>.lua, one file per GPU target, written
-- by the tuner (fusegen_tune) and committed. It returns
--   { gpu = "the GPU it was measured on",
--     ops = { <op> = { <variant> = { <tile parameter> = value, ... }, ... }, ... } }
-- with variants named as `fusegen list` names them, without the _sm<N> suffix.
-- A variant's parameters are laid over the spec's tiles for that target alone;
-- `{}` means the tuner measured it and kept the spec's tiles. The variants a
-- file names are also the ones a tuning build (--tune-build) makes candidates for.

local spec_mod = require "fusegen.spec"

local M = {}

local fail = spec_mod.fail

-- Parse one tuning file; ops_by_name: op name -> spec with its variants.
-- Returns { arch = N, path = ..., variants = { [base] = layer } } where layer
-- is what tiles.resolve takes.
function M.load(file, ops_by_name)
  local path = file.path
  local arch = file.name:match("^sm_(%d+)%.lua$")
  if not arch then fail(path, "(file name)", "sm_<N>.lua, N a GPU target such as 90", file.name) end
  local chunk, err = load(file.text, "@" .. path, "t", spec_mod.sandbox_env())
  if not chunk then error(err, 0) end
  local ok, data = pcall(chunk)
  if not ok then error(tostring(data), 0) end
  if type(data) ~= "table" then fail(path, "(file)", "the file to return a table {gpu = ..., ops = {...}}", data) end
  for k in pairs(data) do
    if k ~= "gpu" and k ~= "ops" then fail(path, tostring(k), "only the fields gpu and ops", k) end
  end
  if data.gpu ~= nil and type(data.gpu) ~= "string" then fail(path, "gpu", "a string naming the GPU", data.gpu) end
  if type(data.ops) ~= "table" then fail(path, "ops", "a table of op name = {variant = {tile parameters}}", data.ops) end
  local out = { arch = tonumber(arch), path = path, variants = {} }
  for name, variants in pairs(data.ops) do
    local op = type(name) == "string" and ops_by_name[name]
    if not op then fail(path, "ops." .. tostring(name), "the name of an op of the specs", name) end
    if type(variants) ~= "table" then fail(path, "ops." .. name, "a table of variant = {tile parameters}", variants) end
    local bases = {}
    for _, v in ipairs(op.variants) do bases[v.base] = true end
    for base, params in pairs(variants) do
      local field = "ops." .. name .. "." .. tostring(base)
      if not bases[base] then
        fail(path, field, "a variant of " .. name .. " as `fusegen list` names it, without _sm" .. arch, base)
      end
      if type(params) ~= "table" then fail(path, field, "a table of tile parameter = value", params) end
      out.variants[base] = { path = path, field = field, params = params }
    end
  end
  return out
end

-- Every tuning file, by GPU target: { [90] = loaded file }.
function M.load_all(files, ops)
  local ops_by_name = {}
  for _, op in ipairs(ops) do ops_by_name[op.op] = op end
  local by_arch = {}
  for _, file in ipairs(files or {}) do
    local t = M.load(file, ops_by_name)
    by_arch[t.arch] = t
  end
  return by_arch
end

-- The layer for variant v, or nil.
function M.layer(by_arch, v)
  local t = by_arch[v.arch]
  return t and t.variants[v.base]
end

return M
