//! The text of every kind of validator finding, byte for byte: one bundle per reason (each
//! check's messages and each descriptor fault), with the line `isa validate` printed for it
//! before findings carried typed reasons. A finding is formatted only when displayed; these pin
//! what it displays.

use isa_core::Findings;
use isa_ops::decode_any;

/// (op, the bundle in hex, a finding's text).
const CASES: &[(&str, &str, &str)] = &[
    (
        "TensorScalar",
        "e6100000606f87abe882d688000000002a86372a18a9e6e6790679c813f8f7760707130110150200f8f4ce35263a72b487c4333e28b02d35960ca52a0e2b5749",
        "TensorScalarCache can only have imm1 if accumulation mode is LoadAccumulate failed on `imm1` at byte 0x2c: imm1 is immediate 0xb4723a26 with accumulator_cmd idle",
    ),
    (
        "TensorScalar",
        "e61000002331f1a30d8ea76602000000fd671affd3d2473e278a8211a85a8caa0f031d021b180201b6db815656ccfb443f6ea13f9b28acd02c07af35d1540a79",
        "TensorScalarCache can only have imm1 if accumulation mode is LoadAccumulate failed on `imm1` at byte 0x2c: imm1 is physical_ap 0x44fbcc56 with accumulator_cmd add_accumulate",
    ),
    (
        "TensorScalar",
        "e61000000fbe784c8fc6c6ad010000009a2a1187e661d2db7f84c7eb7634dd320f0e03001b1200021c0069c42f1473d1b45192a47e59d94ecb31bf86b17fbbe1",
        "TensorScalarCache can only have imm1 if accumulation mode is LoadAccumulate failed on `imm1` at byte 0x2c: imm1 is register_ap 0xd173142f with accumulator_cmd zero",
    ),
    (
        "CopyPredicatedScalar",
        "e8100000a9c939b2a07eea8700000000920432242e78d2c04a74c7f2d2e2af71010e100000000000000201ec8e421b009420b41c0058de02c047b591ced30693",
        "d3_cp_pred_scalar_reserved_zero failed on `byte_0x29` at byte 0x29: must be 0, found 0x02",
    ),
    (
        "Exponential",
        "30100000795e7bad63882d2f01000000f5d004af46f1c8b5ed07344e52ef58210c1001020a1301024437da4bcf541a0abea968ea419650ade46e28521a8ee3a0",
        "has_valid_exponential_accum_cmd failed on `accumulator_cmd` at byte 0x0c: zero is not an Exponential accumulate command",
    ),
    (
        "Exponential",
        "301000004e2c6ef6cffee90500000000c3c1c92f604123de4dab8233f24fa0fd0e0a00020b0c01024eb21261c338ee02b22b204306af6f503c7b7be26d7ba78a",
        "has_valid_exponential_num_elements failed on `input` at byte 0x10: the input walks 17521773683328 elements, the output 65025507624185",
    ),
    (
        "Exponential",
        "3010000017ec6a33726276630200000014c520cc4bcbd636000ebc8d1d7957e1030e0301050d01009b7c6ff1ef079c7d93ca129b34b7243d8b33d4325f5534d9",
        "immediate-validity check failed on `imm1` at byte 0x2c: imm1 is immediate 0x7d9c07ef; only load_accumulate carries an imm1, found add_accumulate",
    ),
    (
        "Exponential",
        "30100000f2c0fd43970b6095000000008e465984a9477de20d1ca07e624d6d92090ee7000b050101e68e3241b1fddfaa8eeace3c1256fa1a5a37a102222fd1e3",
        "immediate-validity check failed on `imm1` at byte 0x2c: imm1 is physical_ap 0xaadffdb1; only load_accumulate carries an imm1, found idle",
    ),
    (
        "Exponential",
        "301000004e2c6ef6cffee90500000000c3c1c92f604123de4dab8233f24fa0fd0e0a00020b0c01024eb21261c338ee02b22b204306af6f503c7b7be26d7ba78a",
        "immediate-validity check failed on `imm1` at byte 0x2c: imm1 is register_ap 0x2ee38c3; only load_accumulate carries an imm1, found idle",
    ),
    (
        "Memset",
        "49100000c1cc598322d6a70500000000000000000000000000000000741aa0e60400f4000000000038c6cd303b8e3ccc21aea7cf7e4d09dd96a8f10d51b570a5",
        "memset_opcode failed on `mode` at byte 0x1c: mode 3869252212: has unimplemented Memset Mode",
    ),
    (
        "Exponential",
        "3010000060ea5f198b86528004000000735bf39b02ff0813511d52f26a0554fa1003010219010202e0a9a50aebf15e5eaae5652e638e0df9f1e7e0e4a06a8966",
        "op0 and op1 must be Bypass failed on `op0` at byte 0x24: op0 is abs",
    ),
    (
        "Exponential",
        "30100000fd579e772a8cbb4d02000000032e89d0ab957e1c789933c33bf082030f060201201b0102e2a2be517edc8dc307b095adbec177d9b00a918e0903a426",
        "op0 and op1 must be Bypass failed on `op0` at byte 0x24: op0 is abs_max",
    ),
    (
        "Exponential",
        "30100000882dce146dc29a4403000000cff4b3d8b3f21d421ca0be899bbfb1dd060d0202030f0101909c5fb9e0ca75f67ac5a4d7b8d8169376a0a16fcc46a124",
        "op0 and op1 must be Bypass failed on `op0` at byte 0x24: op0 is arith_shift_right",
    ),
    (
        "Exponential",
        "3010000009cbe98a2941d7df040000008f20641d0dc0960dbb58624d9526247c05101602071503009544273205e4af28d6341e7b268848293f5ab49ceecd0246",
        "op0 and op1 must be Bypass failed on `op0` at byte 0x24: op0 is divide",
    ),
    (
        "Exponential",
        "301000007215854fcbec3e7e03000000f760bf7b89749c51b34be28d40839efd01033700122000006e7276fe8b24aeebb3c16d0e5469c613423f84b64ee1d5c2",
        "op0 and op1 must be Bypass failed on `op0` at byte 0x24: op0 is is_equal",
    ),
    (
        "Exponential",
        "30100000e2959216d3f8349a04000000347d485b234695caf012c56976a0ccfa020a0102140101020e46a29dcc09487495d5b26741e422222066e69b6637c2e8",
        "op0 and op1 must be Bypass failed on `op0` at byte 0x24: op0 is is_ge",
    ),
    (
        "Exponential",
        "30100000fdca577af9735fea000000005a1b0a50d235babf4c9b1bc837bbaced03080201161a0201164a42fdb75e0308d448f2d08b3d5345883a696084d77bfa",
        "op0 and op1 must be Bypass failed on `op0` at byte 0x24: op0 is is_lt",
    ),
    (
        "Exponential",
        "3010000069d0c02f313dc2e400000000b9cbd756a51d26dac3517570702f8370050a0702c80202021237d17a96818887b76456a54d941a83060bc07db49c7bd0",
        "op0 and op1 must be Bypass failed on `op0` at byte 0x24: op0 is mod_int",
    ),
    (
        "Exponential",
        "3010000044422b03451c009b02000000f9c74bf82480251589041a87b9c145eb0f0f0002060a0301daafc26ac493e134d2d91656edd3510c702bd29b4d87ea4c",
        "op0 and op1 must be Bypass failed on `op0` at byte 0x24: op0 is mult",
    ),
    (
        "Exponential",
        "30100000efbf156962d0b24c030000009a4850127345b562945455a82f55f92a0a01020210210002a676902081e55ba8de1b1d11ae6336fa8a56c9fe525fb5e6",
        "op0 and op1 must be Bypass failed on `op1` at byte 0x25: op1 is abs_min",
    ),
    (
        "Exponential",
        "30100000d1756c699224374104000000e4247dc925e0ac8ab72dd60dd370cdf4030201020b040201eae7a5797e57071b4c5acf85339c6afae094fb4cc1a05ff7",
        "op0 and op1 must be Bypass failed on `op1` at byte 0x25: op1 is add",
    ),
    (
        "Exponential",
        "3010000044422b03451c009b02000000f9c74bf82480251589041a87b9c145eb0f0f0002060a0301daafc26ac493e134d2d91656edd3510c702bd29b4d87ea4c",
        "op0 and op1 must be Bypass failed on `op1` at byte 0x25: op1 is bitwise_and",
    ),
    (
        "Exponential",
        "30100000795e7bad63882d2f01000000f5d004af46f1c8b5ed07344e52ef58210c1001020a1301024437da4bcf541a0abea968ea419650ade46e28521a8ee3a0",
        "op0 and op1 must be Bypass failed on `op1` at byte 0x25: op1 is is_gt",
    ),
    (
        "Exponential",
        "30100000e4f0dbd1e8b428c80200000043f05a38e9a545ad52ecf6d09a72327c100c08020f150202375759c20c74c00aebc59540e143c1aa05c90f6dfeea322e",
        "op0 and op1 must be Bypass failed on `op1` at byte 0x25: op1 is is_le",
    ),
    (
        "Exponential",
        "30100000017864dfc01bc8860300000095aaa6ef00c38e9a53b73e5c08fc8e4e100a0f0120110001b095b100cdd27e801aa1e4cf9af922ff8574b63894b5ad07",
        "op0 and op1 must be Bypass failed on `op1` at byte 0x25: op1 is logical_shift_right",
    ),
    (
        "Exponential",
        "3010000052f0a48c9b21f1f000000000f5804eb6720154e065fc72420d0aca34090300011508020047111859027dcd24306d02b6274e8729fa06d41c00ba506f",
        "op0 and op1 must be Bypass failed on `op1` at byte 0x25: op1 is max",
    ),
    (
        "Exponential",
        "30100000faad3405e2bcecb703000000afbb9ba099d3e00d84f3283d4c008b8c0e0f030013090001b9188d3d0f4e5f65fb2f4154199ef6076c34675075c22548",
        "op0 and op1 must be Bypass failed on `op1` at byte 0x25: op1 is min",
    ),
    (
        "Exponential",
        "30100000fd579e772a8cbb4d02000000032e89d0ab957e1c789933c33bf082030f060201201b0102e2a2be517edc8dc307b095adbec177d9b00a918e0903a426",
        "op0 and op1 must be Bypass failed on `op1` at byte 0x25: op1 is mod",
    ),
    (
        "Exponential",
        "30100000860e52bb5e020eb4000000000629e942735657bfed8a1371d18970d40308dc000f18020118ad94fa6d1a1903952f7a4378e3b9b8cc1885c0b77bbb36",
        "op0 and op1 must be Bypass failed on `op1` at byte 0x25: op1 is not_equal",
    ),
    (
        "Exponential",
        "30100000fdca577af9735fea000000005a1b0a50d235babf4c9b1bc837bbaced03080201161a0201164a42fdb75e0308d448f2d08b3d5345883a696084d77bfa",
        "op0 and op1 must be Bypass failed on `op1` at byte 0x25: op1 is pow",
    ),
    (
        "Exponential",
        "30100000a1166e37bf7d3a110400000085518ce014e02c8825330304fc12bdc4060a0200101d0201f6cb3ff3f4096e77373f25c6c7b797a147610494bc9c86b8",
        "op0 and op1 must be Bypass failed on `op1` at byte 0x25: op1 is rsqrt",
    ),
    (
        "Exponential",
        "30100000f2c0fd43970b6095000000008e465984a9477de20d1ca07e624d6d92090ee7000b050101e68e3241b1fddfaa8eeace3c1256fa1a5a37a102222fd1e3",
        "op0 and op1 must be Bypass failed on `op1` at byte 0x25: op1 is subtract",
    ),
    (
        "Exponential",
        "3010000044422b03451c009b02000000f9c74bf82480251589041a87b9c145eb0f0f0002060a0301daafc26ac493e134d2d91656edd3510c702bd29b4d87ea4c",
        "reverse_operands must be None failed on `reverse` at byte 0x26: reverse is both",
    ),
    (
        "Exponential",
        "301000004e2c6ef6cffee90500000000c3c1c92f604123de4dab8233f24fa0fd0e0a00020b0c01024eb21261c338ee02b22b204306af6f503c7b7be26d7ba78a",
        "reverse_operands must be None failed on `reverse` at byte 0x26: reverse is first",
    ),
    (
        "Exponential",
        "30100000d1756c699224374104000000e4247dc925e0ac8ab72dd60dd370cdf4030201020b040201eae7a5797e57071b4c5acf85339c6afae094fb4cc1a05ff7",
        "reverse_operands must be None failed on `reverse` at byte 0x26: reverse is second",
    ),
    (
        "TensorScalarAddr",
        "74100000d1f426a147ecf0f500000000f1673a50cdd84b62d20dd362000000000102000002020300aa79822e0000f5005bf16255d0da114b9abbb99037f71e14",
        "s2d2_ts_as_addr_immediate_unused failed on `scalar0_src` at byte 0x23: scalar0 is an immediate 0x2e8279aa, not an address",
    ),
    (
        "TensorScalarAddr",
        "74100000549de11e24a8782400000000d07739d0ae15907c7a4fc5a8000000000c0f00010600020250cc4bac00002b00e480ef16e95eccb30866198ef0bb94e2",
        "s2d2_ts_as_addr_reserved_zero failed on `scalar1` at byte 0x3c: op1 is bypass but scalar1 is register_ap 0xe294bbf0",
    ),
    (
        "TensorScalarAddr",
        "74100000bd2d98fd7d451e0e00000000d5aa97efd10b79bd8a8da9a4000000000c020002090003014e7e251900000300d0fe83bf9649487572dfbf3f34d5dd79",
        "s2d2_ts_as_addr_reverse_check failed on `reverse` at byte 0x26: reverse is both but op1 is bypass",
    ),
    (
        "TensorScalarAddr",
        "74100000549de11e24a8782400000000d07739d0ae15907c7a4fc5a8000000000c0f00010600020250cc4bac00002b00e480ef16e95eccb30866198ef0bb94e2",
        "s2d2_ts_as_addr_reverse_check failed on `reverse` at byte 0x26: reverse is second but op1 is bypass",
    ),
    (
        "TensorScalarAddr",
        "74100000762d6957fed1853d0000000075d0f46bfc3368e89d39fe6e0000000003080000100201022cdb53d700000300546ea4c45b9c317d2b101b8acb1e9220",
        "s2d2_ts_as_addr_same_start_partition_in_sr failed on `scalar1` at byte 0x3c: scalar1 starts on partition 292, the input on partition 765",
    ),
    (
        "TensorScalarAddr",
        "74100000d1f426a147ecf0f500000000f1673a50cdd84b62d20dd362000000000102000002020300aa79822e0000f5005bf16255d0da114b9abbb99037f71e14",
        "s2d2_ts_as_addr_valid_ops failed on `op0` at byte 0x24: arith_shift_left is a bit-vector op; 0x74 has no bit-vector form",
    ),
    (
        "TensorScalarAddr",
        "74100000d1f426a147ecf0f500000000f1673a50cdd84b62d20dd362000000000102000002020300aa79822e0000f5005bf16255d0da114b9abbb99037f71e14",
        "s2d2_ts_as_valid_elem_count failed on `input` at byte 0x10: the input walks 89507862 elements, the output 1779315274",
    ),
    (
        "CopyPredicated",
        "721000006ae077f22c54d20e480e02b508d10666fa7d188a5e7d4ae10d2d0a0ef3df6aaaf73ce2f8c09da7b371e523d3f94c76e61cd36408d4edb9cf751cbeeb",
        "s3d3_copy_cast_pred_src1_dst_dty failed on `mask_dtype` at byte 0x0c: int16 is not a predicate dtype (uint8, uint16 or uint32)",
    ),
    (
        "CopyPredicated",
        "721000006ae077f22c54d20e480e02b508d10666fa7d188a5e7d4ae10d2d0a0ef3df6aaaf73ce2f8c09da7b371e523d3f94c76e61cd36408d4edb9cf751cbeeb",
        "s3d3_copy_pred_src0_dtype failed on `src_dtype` at byte 0x0c: int32 does not carry the wire tag of the output dtype float8e4",
    ),
    (
        "TensorTensor",
        "8a10000090f739a1bee44cce160505bfd8f8c3a79841b9d025ff68916babee5171b949f4a1d22a484a451cdb5c1c893e27a1005bedcfb19da7b1128827040e4e",
        "s3d3_tt_dtype failed on `in0_dtype` at byte 0x0c: the int32 band needs int32 operands, found bfloat16",
    ),
    (
        "CopyPredicated",
        "721000006ae077f22c54d20e480e02b508d10666fa7d188a5e7d4ae10d2d0a0ef3df6aaaf73ce2f8c09da7b371e523d3f94c76e61cd36408d4edb9cf751cbeeb",
        "s3d3_tt_is_zero_s_copy_cast_predicated_opcode failed on `alu` at byte 0x0e: opcode 0x72 has no ALU byte; found 0x02",
    ),
    (
        "CopyPredicated",
        "721000006ae077f22c54d20e480e02b508d10666fa7d188a5e7d4ae10d2d0a0ef3df6aaaf73ce2f8c09da7b371e523d3f94c76e61cd36408d4edb9cf751cbeeb",
        "s3d3_tt_src_element_cnt_check failed on `src` at byte 0x20: walks 146011931859717 elements; the output walks 2390564345748",
    ),
    (
        "TensorTensor",
        "411000002088834fada488c34e02c601effcc19480c1cb57b0dbce9a7c1625782ec45ff5a72feb694ae906ea032dcaca6e7fa29306552b052de522a164291e0c",
        "s3d3_tt_valid_op failed on `alu` at byte 0x0e: opcode 0x41 needs an ALU op, found int32 band byte int32_eng5",
    ),
    (
        "SelectReduce",
        "ea100000ea3a5166719343ee615c1ea39f87cc8981df9c483dab05f9bb74d74ec13cc6430c1b741db50b000a040000005c4fa5dfee7170dd97ee4bec00000000",
        "s_valid_select_reduce_dtypes failed on `fill_dtype` at byte 0x2b: float32 does not carry the wire tag of the output dtype float32r",
    ),
    (
        "SelectReduce",
        "ea100000ea3a5166719343ee615c1ea39f87cc8981df9c483dab05f9bb74d74ec13cc6430c1b741db50b000a040000005c4fa5dfee7170dd97ee4bec00000000",
        "s_zero_accum_cmd failed on `accumulate` at byte 0x2c: the fused reduce needs zero_accumulate, found load_accumulate",
    ),
    (
        "SelectReduce",
        "ea100000dc8d5197190d543ebeaac87efaaedb941f11526f78b4e00d8bc00fa40a15b7fe0c14010b4c02000e01000000fe1a9e5a3a68b1e700006f4e00000000",
        "tensor2d_valid failed on `mask` at byte 0x38: count0 at byte 0x08 is 0; an SBUF descriptor needs every count nonzero (fill a spare dimension with stride 1, count 1)",
    ),
    (
        "ScalarTensorTensor",
        "9d100000ea681e9e5269774537432515071bb8d4203aeacdd6d960d9152e070f849fac1a150a00013b0e000e02000000516dcb3a99b723b7f10220fc8fbf37e9",
        "tensor2d_valid failed on `out` at byte 0x37: byte 0x07 (high byte of stride1) is 0xb7; a PSUM descriptor needs its top 3 bits (0xe0) clear",
    ),
    (
        "ScalarTensorTensor",
        "9d100000ea681e9e5269774537432515071bb8d4203aeacdd6d960d9152e070f849fac1a150a00013b0e000e02000000516dcb3a99b723b7f10220fc8fbf37e9",
        "tensor2d_valid failed on `tensor0` at byte 0x18: start address 0xd960d9d6 at byte 0x00 is not a valid tensor start address; a register-form word (bit 31) carries only a RegId below 0x40 in its low byte",
    ),
    (
        "CopyPredicatedScalar",
        "e8100000a9c939b2a07eea8700000000920432242e78d2c04a74c7f2d2e2af71010e100000000000000201ec8e421b009420b41c0058de02c047b591ced30693",
        "tensor3d_valid failed on `out` at byte 0x17: byte 0x07 (high byte of stride1) is 0xc0; a PSUM descriptor needs its top 3 bits (0xe0) clear",
    ),
    (
        "CopyPredicatedScalar",
        "e8100000aca4bf9a5d16d921000000006d00e035c1e4bfe000001f2f05ab596202052b0000000000000c216a95d9c800ad098d5a52dd47ccf0ce097eede5ffaa",
        "tensor3d_valid failed on `out` at byte 0x18: stride2 at byte 0x08 is 0; a 3D PSUM descriptor needs a nonzero stride2",
    ),
    (
        "TensorTensor",
        "8a100000574213fc965c3d8db30f190061a7171848a3adcd35984f4f00002782006ba2a4a3ce1900f4db8458777aff853583a3b0777beb311d74a0b920252a9d",
        "tensor3d_valid failed on `out` at byte 0x1c: count1 at byte 0x0c is 0; an SBUF descriptor needs every count nonzero (fill a spare dimension with stride 1, count 1)",
    ),
    (
        "Exponential",
        "301000004e2c6ef6cffee90500000000c3c1c92f604123de4dab8233f24fa0fd0e0a00020b0c01024eb21261c338ee02b22b204306af6f503c7b7be26d7ba78a",
        "tensor3d_valid failed on `out` at byte 0x33: start address byte 0x03 is 0x43; (byte3 & 0x70) == 0x40 is an SB sub-region that cannot be a descriptor's start",
    ),
    (
        "Memset",
        "49100000c1cc598322d6a70500000000000000000000000000000000741aa0e60400f4000000000038c6cd303b8e3ccc21aea7cf7e4d09dd96a8f10d51b570a5",
        "tensor4d_valid failed on `dst` at byte 0x2c: start address 0xcc3c8e3b at byte 0x00 is not a valid tensor start address; a register-form word (bit 31) carries only a RegId below 0x40 in its low byte",
    ),
    (
        "TensorCopy",
        "4710000004d1da8fa96b56a58fb1560df12df55fe4651d6057ca7561e9db2d7107030300000000000000000044985129ab96df8cc447a80fd5e1bf7bc35b8fdf",
        "tensor4d_valid failed on `dst` at byte 0x33: byte 0x07 (high byte of stride1) is 0x8c; a PSUM descriptor needs its top 3 bits (0xe0) clear",
    ),
    (
        "TensorCopy",
        "4710000088f6777d7747159ad064ff5252363ee9163ed790071b00008ded9df00405fb0000000000000000009b7924cdbeef429a5217f479abc5f98f518ec30b",
        "tensor4d_valid failed on `src` at byte 0x1a: count1 at byte 0x0e is 0; an SBUF descriptor needs every count nonzero (fill a spare dimension with stride 1, count 1)",
    ),
    (
        "Memset",
        "4d100000000000000000000000000000000000000000000000000000000000000800800000000000efbeadde0000040001000100010001000004010001000100",
        "memset_opcode failed on `opcode` at byte 0x00: mode 0 selects 0x49, found 0x4d",
    ),
    (
        "MoveShape",
        "b2100000000000000000000000010100020000000200000000040000020000000200000080000000040000000000000001000000000000000000000000000000",
        "move_opcode failed on `num2` at byte 0x2c: a shape-register count is 0; a padded slot has num 1",
    ),
];

fn bundle(hex: &str) -> Vec<u8> {
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
        .collect()
}

#[test]
fn every_reason_prints_as_pinned() {
    for &(op, hex, expected) in CASES {
        let decoded = decode_any(&bundle(hex)).unwrap();
        assert_eq!(decoded.name(), op);
        let texts: Vec<String> = decoded.validate().iter().map(ToString::to_string).collect();
        assert!(
            texts.iter().any(|t| t == expected),
            "{op}: `{expected}` is not among {texts:#?}"
        );
    }
}

#[test]
fn check_appends_to_a_reused_buffer_what_validate_returns() {
    let mut found = Findings::new();
    let mut before = 0;
    for &(_, hex, _) in CASES {
        let decoded = decode_any(&bundle(hex)).unwrap();
        decoded.check(&mut found);
        assert_eq!(found[before..], decoded.validate()[..]);
        before = found.len();
    }
    assert!(before >= CASES.len());
}
