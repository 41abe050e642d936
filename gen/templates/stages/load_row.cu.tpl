% -- Stage load_row: the thread's chunks of the input row x[b, l, :] into v (fp32);
% -- slots past the end of the row stay 0. Prefetch level 1 (the rows mapping):
% -- "issue" loads raw 16-byte chunks (x_raw) and "use" converts them; "all"
% -- loads into v.
% local mode = mode(phase, 1)
% if mode == "issue" then
uint4 x_raw[$(m.K)];
% end
% if mode == "issue" or mode == "all" then
{
    const $(act_ctype)* xr = $(row_of(roles.input));
%   for k = 0, m.K - 1 do
    $(chunk_open(k))  // chunk slot $(k)
        $(chunk_first(k))
%     if mode == "issue" then
        % put(load_raw(("x_raw[%d]"):format(k), "xr + e", m.stream_hint))
%     else
        % put(load(("v[%d]"):format(k), "xr + e", v.act, m.stream_hint))
%     end
    }
%   end
}
% elseif mode == "use" then
%   for k = 0, m.K - 1 do
$(chunk_open(k)) $(unpack(("v[%d]"):format(k), ("x_raw[%d]"):format(k), v.act)) }  // chunk slot $(k)
%   end
% end
