% -- Stage load_row: the thread's chunks of the input row x[b, l, :] into v (fp32);
% -- slots past the end of the row stay 0.
{
    const $(act_ctype)* xr = $(row_of(roles.input));
% for k = 0, m.K - 1 do
    $(chunk_open(k))  // chunk slot $(k)
        $(chunk_first(k))
        % put(load(("v[%d]"):format(k), "xr + e", v.act, "stream"))
    }
% end
}
