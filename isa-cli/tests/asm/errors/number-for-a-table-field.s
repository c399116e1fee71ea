; The ALU byte of a TensorTensor takes a name of its table (tt_alu), not a number.
TensorTensor  opcode=tensor_tensor in0_dtype=float32 in1_dtype=float32 out_dtype=float32 alu=3 num_active_partitions=128 out={addr=0x00001400,strides=[1,1,1],nums=[512,1,1]} in0={addr=0x00001400,strides=[1,1,1],nums=[512,1,1]} in1={addr=0x00002800,strides=[0,1,1],nums=[512,1,1]}
